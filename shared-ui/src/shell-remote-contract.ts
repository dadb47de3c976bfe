/**
 * The contract between the shell and each remote, in one module both sides import (#57 item 4). The manifest's fields
 * are the wire format between releases built at different times: its version's rule is docs/releasing.md's, "The
 * shell-remote contract".
 */
import type { ComponentType } from 'react';
import type { PageQuery } from './data/page-query';

/**
 * 1.0.0: the route modules' `pages` (kit 1.8.0 on), without the first paint's fields, which no shell reads now.
 * 1.1.0: a page's `links` (where the site's navigation links to it), which an older shell ignores.
 */
export const SHELL_REMOTE_CONTRACT_VERSION = '1.1.0';

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

/** What the route carries for the layout: its document title, and the toast that sends a visitor to sign in. */
export interface PageHandle {
  /** The page part of the document title: '{title} - Heritage Vault'. */
  title: string;
  /** Members only: signed-out visitors are sent to /login with this toast (spec section 6). Absent, it is public. */
  loginToast?: string;
  /** Where the site's navigation links to the page, if anywhere: a page with `:params` in its path cannot be. */
  links?: PageLink[];
}

/**
 * A page's exposed module (`<folder>-page.tsx`): its component, and the query it opens with when it shows data, the
 * one shape of the page's request (the host's loader answers it: on the server, and in the browser for a page's own
 * hook, which reads the same options).
 */
export interface PageModule {
  default: ComponentType;
  pageQuery?: PageQuery;
}

/**
 * A remote's page, declared once in its route module (`src/pages/<folder>/<folder>.route.ts`, default export), in
 * React Router's own fields: its path, its component loaded on demand, and its handle. The loader is the host's
 * (it answers the page module's `pageQuery` into the request's QueryClient, for the request's member): a remote
 * cannot know either.
 */
export interface PageRoute {
  /** Its route pattern, React Router's ('/artifact-details/:id'). */
  path: string;
  lazy: () => Promise<PageModule>;
  handle: PageHandle;
}

/** A page as its remote's manifest publishes it (`pages`, by exposed name without './'): the shell's route for it. */
export type PublishedPage = { path: string } & PageHandle;

/** What a remote's build adds to its mf-manifest.json beside the federation plugin's own fields. */
export interface RemoteManifestFields {
  /** Each exposed page's route; a release built before route modules (kit 1.7.0 and older) has none. */
  pages?: Record<string, PublishedPage>;
  /** The contract it was built to (SHELL_REMOTE_CONTRACT_VERSION); a release built before this module has none. */
  shellRemoteContract?: string;
}

/** What the manifest publishes of a route module. */
export const publishedPage = ({
  path,
  handle: { title, loginToast, links = [] },
}: Omit<PageRoute, 'lazy'>): PublishedPage => {
  // A link goes to the page's path as written: one with parameters names no page of its own.
  if (links.length && path.includes('/:'))
    throw new Error(`${path} cannot be linked from the navigation: its path has parameters`);
  return {
    path,
    title,
    ...(loginToast !== undefined && { loginToast }),
    ...(links.length > 0 && { links }),
  };
};

/**
 * The pages of a remote's manifest, for a side built to this contract: refused (an error naming both versions) when
 * the manifest was built to another major, whose `pages` this side might misread. None is the contract's first
 * shape, before its version was written. A manifest without `pages` is a release built before route modules (kit 1.7
 * or older), which kit 2 does not run: refused too, so its remote is unavailable as an unreadable one is.
 */
export function pagesOf(manifest: RemoteManifestFields): Record<string, PublishedPage> {
  const built = manifest.shellRemoteContract;
  const major = (version: string) => version.split('.')[0];
  if (built !== undefined && major(built) !== major(SHELL_REMOTE_CONTRACT_VERSION))
    throw new Error(
      `its manifest was built to the shell-remote contract ${built}; this side reads ${SHELL_REMOTE_CONTRACT_VERSION}`,
    );
  if (!manifest.pages)
    throw new Error(
      'its manifest publishes no pages: a release built before route modules (kit 1.7 or older)',
    );
  return manifest.pages;
}

/** The kit, the one shared package whose range the shell checks before a remote's code runs. */
export const KIT = 'shared-ui';

/**
 * The kit range a remote was built against, from its manifest's shared packages (the federation plugin writes each
 * one's `requiredVersion` from the remote's package.json: site-config/federation.ts, sharedConfigFor).
 */
export const kitRangeOf = (manifest: {
  shared: ReadonlyArray<{ name: string; requiredVersion?: string }>;
}): string | undefined => manifest.shared.find(({ name }) => name === KIT)?.requiredVersion;
