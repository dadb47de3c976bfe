/**
 * What a remote's build adds to its mf-manifest.json for the first paint (vite/publish-*.ts write it, the head start
 * reads it), by exposed page name without its './' ('Home'). The field names are the wire format between a remote's
 * releases and the shell's head start: a renamed field would be lost on every release built before it.
 */
import type { EarlyRequest } from './early-request.ts';

/**
 * An image a page paints first, described as its `<img>` or `<source>` asks for it, so a preload fetches the same
 * file the element will use: files with their srcset descriptors. In a vite config the files are source files
 * (relative to the app's root); in the manifest, built files (relative to the manifest).
 */
export interface ImagePreload {
  srcset: [file: string, descriptor?: string][];
  sizes?: string;
  media?: string;
}

/** A page as its remote publishes it (its route module, first-paint/page-route.ts): the shell's route for it. */
export interface PublishedPage {
  /** Its route pattern, React Router's ('/artifact-details/:id'). */
  path: string;
  /** The page part of the document title: '{title} - Heritage Vault'. */
  title: string;
  /** Members only: signed-out visitors are sent to /login with this toast (spec section 6). Absent, it is public. */
  loginToast?: string;
  /** Where the site's navigation links to it (its route module's `handle.links`). Absent: nowhere. */
  links?: PageLink[];
}

/** The site's navigations that draw the links pages publish (the shell's layout). */
export type Navigation = 'navbar' | 'footer' | 'member-menu';

/** A link to a page from one of the site's navigations, as the page's route module declares it. */
export interface PageLink {
  /** The navigation bar (and its menu on small screens), the footer's Quick Links, or the signed-in member's menu. */
  in: Navigation;
  label: string;
  /** Its place in that navigation, lowest first; pages of every remote share the numbers (docs/a-page.md). */
  order: number;
  /** Drawn for signed-in members only (the member menu's links always are). */
  membersOnly?: true;
}

/** A page as the manifest publishes it: its route, and whether its picture is in the manifest (`firstPaint`). */
export type ManifestPage = PublishedPage & { prerendered?: true };

export interface FirstPaintManifest {
  /** Each exposed page's route. */
  pages?: Record<string, ManifestPage>;
  /**
   * Each prerendered page's picture as HTML, its own files named from the remote's base as FIRST_PAINT_BASE. In the
   * manifest, not in files of their own: a file would be one more round trip after the manifest before anything of
   * the page is on screen (150 ms on a slow link), for about 1 KB each compressed.
   */
  firstPaint?: Record<string, string>;
  /**
   * For each page drawn with data, the file (from the remote's base) that holds its pictures, a JSON array of
   * Picture in the order they are tried: in the manifest they would be read on every page's way to its code.
   */
  dataPictures?: Record<string, string>;
  /** Each page's early request. */
  requestPreloads?: Record<string, EarlyRequest>;
  /** The images each page paints first. */
  imagePreloads?: Record<string, ImagePreload[]>;
}

/** The federation plugin's own part of the manifest that the head start reads. */
export interface FederationManifest {
  metaData: { remoteEntry: { name: string; path: string } };
  exposes: Array<{ name: string; assets: { js: { sync: string[]; async: string[] } } }>;
}
