/**
 * The site's routes (spec section 2): the remotes' pages, read at run time from what each publishes
 * (remote-routes.ts), and the shell's own. Each route names the page it renders, whether it needs a signed-in member,
 * and its document title. This module stays free of imports but types: the render service reads it (render/src).
 */
import type { PublishedPage, RemoteManifestFields } from 'shared-ui/shell-remote-contract';

export type ShellPage = 'Login' | 'Register' | 'NotFound';

export type PageSource = { remote: string; page: string } | { shell: ShellPage };

/** A route: its path, title and login toast as a remote publishes a page's (or the shell's own), and its page. */
export interface RouteEntry extends PublishedPage {
  source: PageSource;
}

/** The shell's own pages, but Not Found. */
export const SHELL_ROUTES: readonly RouteEntry[] = [
  { path: '/login', title: 'Login', source: { shell: 'Login' } },
  { path: '/register', title: 'Register', source: { shell: 'Register' } },
];

export const NOT_FOUND: RouteEntry = { path: '*', title: 'Page Not Found', source: { shell: 'NotFound' } };

/** The routes of a remote's pages as its manifest publishes them. */
export const routesOf = (remote: string, pages: RemoteManifestFields['pages'] = {}): RouteEntry[] =>
  Object.entries(pages).map(([page, { path, title, loginToast }]) => ({
    path,
    title,
    source: { remote, page },
    ...(loginToast !== undefined && { loginToast }),
  }));

/** The site's routes: the remotes' pages, the shell's, and Not Found for every other path. */
export const siteRoutes = (remotePages: readonly RouteEntry[]): RouteEntry[] => [
  ...remotePages,
  ...SHELL_ROUTES,
  NOT_FOUND,
];

/**
 * What the render service says of the site in each page (render/src/render-page.ts), as a JSON data block with this
 * id: the routes it opens to visitors although their remote publishes a login toast (PUBLIC_ARTIFACT_PAGES opens
 * Artifact Details), by path.
 */
export const SITE_SETTINGS_ID = 'site-settings';
export interface SiteSettings {
  publicPaths: string[];
}

/** The routes as the site's settings have them: those it opens to visitors without their login toast. */
export const openToVisitors = (routes: readonly RouteEntry[], { publicPaths }: SiteSettings): RouteEntry[] =>
  routes.map(({ loginToast, ...route }) =>
    publicPaths.includes(route.path) || loginToast === undefined ? route : { ...route, loginToast },
  );

/** The links of the navigation bar, in order. */
export const NAV_LINKS = [
  { to: '/', label: 'Home' },
  { to: '/all-artifacts', label: 'All Artifacts' },
  { to: '/add-artifact', label: 'Add Artifact' },
  { to: '/about', label: 'About' },
  { to: '/contact', label: 'Contact' },
] as const;
