/**
 * The site's routes: the remotes' pages as they publish them (remote-routes.ts; docs/a-page.md) and the shell's own.
 * Free of imports but types: the render service reads it (render/src).
 */
import type { Navigation, PublishedPage } from 'shared-ui/shell-remote-contract';

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
export const routesOf = (remote: string, pages: Record<string, PublishedPage>): RouteEntry[] =>
  Object.entries(pages).map(([page, { path, title, loginToast, links }]) => ({
    path,
    title,
    source: { remote, page },
    ...(loginToast !== undefined && { loginToast }),
    ...(links !== undefined && { links }),
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

/** A link the layout draws: to a page, with the label its route module gives it there. */
export interface NavigationLink {
  to: string;
  label: string;
  membersOnly: boolean;
}

export type SiteNavigation = Record<Navigation, NavigationLink[]>;

/**
 * Each navigation's links, in order, from what the pages publish (their route modules' `handle.links`): a team links
 * a page with its own release. A link the shell cannot draw (a path with parameters, a navigation it does not have)
 * is left out.
 */
export function siteNavigation(routes: readonly PublishedPage[]): SiteNavigation {
  const placed = routes.flatMap(({ path, links = [] }) =>
    path.includes('/:') ? [] : links.map((link) => ({ ...link, path })),
  );
  const navigation: SiteNavigation = { navbar: [], footer: [], 'member-menu': [] };
  placed.sort((a, b) => a.order - b.order || a.label.localeCompare(b.label));
  for (const { path, label, membersOnly, in: where } of placed)
    if (Object.hasOwn(navigation, where))
      navigation[where].push({ to: path, label, membersOnly: membersOnly === true });
  return navigation;
}

/** The links a visitor sees: a signed-out visitor none of the members-only ones. */
export const shownTo = (links: readonly NavigationLink[], signedIn: boolean) =>
  signedIn ? links : links.filter((link) => !link.membersOnly);
