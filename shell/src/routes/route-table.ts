/**
 * The site's one route table (spec section 2): each route names the page it renders (a remote's exposed page or
 * one of the shell's own), whether it needs a signed-in member, and its document title.
 */
import type { RemoteName } from 'shared-ui/vite-config/apps';

export type ShellPage = 'Login' | 'Register' | 'NotFound';

export type PageSource = { remote: RemoteName; page: string } | { shell: ShellPage };

export interface RouteEntry {
  path: string;
  /** The page part of the document title: '{title} - Heritage Vault'. */
  title: string;
  source: PageSource;
  /** Protected routes send signed-out visitors to /login with this toast (spec section 6). */
  loginToast?: string;
  /**
   * The remote publishes a prerendered picture of this page (its manifest's `firstPaint`), so index.html holds the
   * shell's own code until the picture's images have loaded (first-paint/head-start). If the remote stops
   * publishing it, the code waits only for the manifest; a picture published for a route not marked here still
   * shows.
   */
  prerendered?: true;
}

const catalogue = (page: string): PageSource => ({ remote: 'mf_catalogue', page });
const editor = (page: string): PageSource => ({ remote: 'mf_artifact_editor', page });
const account = (page: string): PageSource => ({ remote: 'mf_account', page });

export const ROUTES: readonly RouteEntry[] = [
  { path: '/', title: 'Home', source: catalogue('Home'), prerendered: true },
  { path: '/all-artifacts', title: 'All Artifacts', source: catalogue('AllArtifacts') },
  { path: '/about', title: 'About', source: catalogue('About'), prerendered: true },
  { path: '/contact', title: 'Contact', source: catalogue('Contact'), prerendered: true },
  { path: '/login', title: 'Login', source: { shell: 'Login' } },
  { path: '/register', title: 'Register', source: { shell: 'Register' } },
  {
    path: '/add-artifact',
    title: 'Add Artifact',
    source: editor('AddArtifact'),
    loginToast: 'Please login to add artifacts',
  },
  {
    path: '/profile',
    title: 'Profile',
    source: account('Profile'),
    loginToast: 'Please login to access your profile',
  },
  {
    path: '/my-artifacts',
    title: 'My Artifacts',
    source: editor('MyArtifacts'),
    loginToast: 'Please login to view your artifacts',
  },
  {
    path: '/liked-artifacts',
    title: 'Liked Artifacts',
    source: account('LikedArtifacts'),
    loginToast: 'Please login to view your liked artifacts',
  },
  {
    path: '/artifact-details/:id',
    title: 'Artifact Details',
    source: catalogue('ArtifactDetails'),
    loginToast: 'Please login to view artifact details',
  },
  {
    path: '/update-artifact/:id',
    title: 'Update Artifact',
    source: editor('UpdateArtifact'),
    loginToast: 'Please login to update artifacts',
  },
  { path: '*', title: 'Page Not Found', source: { shell: 'NotFound' } },
];

/**
 * A route's path as the source of the regular expression React Router compiles it to (its `compilePath`, for the
 * table's patterns: static segments and `:param`), for index.html's head start, which runs before any library has
 * loaded. Matched case-insensitively against the decoded pathname, as React Router does; a unit test holds the two to
 * the same answers (head-start/head-start-routes.test.ts). This module stays free of imports: the shell's vite config reads it.
 */
export function pathPattern(path: string): string {
  const escaped = path.replace(/\/*$/, '').replace(/[\\.*+^${}|()[\]]/g, '\\$&');
  // Each parameter a named group, so the head start can fill a member page's request path with it.
  return `^${escaped.replace(/\/:(\w+)/g, '/(?<$1>[^\\/]+)')}\\/*$`;
}

/** The links of the navigation bar, in order. */
export const NAV_LINKS = [
  { to: '/', label: 'Home' },
  { to: '/all-artifacts', label: 'All Artifacts' },
  { to: '/add-artifact', label: 'Add Artifact' },
  { to: '/about', label: 'About' },
  { to: '/contact', label: 'Contact' },
] as const;
