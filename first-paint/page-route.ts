/**
 * A remote's page, declared once in its route module (`src/pages/<folder>/<folder>.route.ts`, default export): what
 * the remote exposes, what its manifest tells the shell (`pages`: path, title, who may open it) and how the page
 * paints before its code are all derived from it (shared-ui/vite-config/pages.ts, vite/remote.ts).
 */
import type { ComponentType } from 'react';
import type { PageQuery } from 'shared-ui/data/page-query';
import type { EarlyRequest } from './head-start/early-request.ts';
import type { ImagePreload, ManifestPage, PageLink, PublishedPage } from './head-start/manifest.ts';
import type { PictureContext } from './head-start/picture.ts';

/** A page's module: its component, and the query it opens with when it shows data. */
export interface PageModule {
  default: ComponentType;
  pageQuery?: PageQuery;
}

/** React Router's `handle` of a page's route: what the site makes of the page beyond its route. */
export interface PageHandle {
  /** Where the site's navigation links to the page, if anywhere: a page with `:params` in its path cannot be. */
  links?: PageLink[];
}

export interface PageRoute extends Omit<PublishedPage, 'links'> {
  page: () => Promise<PageModule>;
  handle?: PageHandle;
  /** How the page is on screen before its code has loaded (the head start). */
  firstPaint?: {
    /** Prerendered without data, into the manifest (`firstPaint`). */
    prerendered?: true;
    /** The images it paints first, source files from the app's root. */
    images?: ImagePreload[];
    /** The API request it makes as it opens. */
    earlyRequest?: EarlyRequest;
    /**
     * Drawn with data, once per sample, tried in this order; `answer` is what the page's query makes of a sample's
     * response (by default its body), when it reads more than the body.
     */
    pictures?: { samples: PictureContext[]; answer?: (sample: PictureContext) => unknown };
  };
}

/** What the remote's manifest publishes of a page's route (its `pages`), for the shell and the head start. */
export const publishedPage = ({
  path,
  title,
  loginToast,
  firstPaint,
  handle,
}: Omit<PageRoute, 'page'>): ManifestPage => {
  const links = handle?.links ?? [];
  // A link goes to the page's path as written: one with parameters names no page of its own.
  if (links.length && path.includes('/:'))
    throw new Error(`${path} cannot be linked from the navigation: its path has parameters`);
  return {
    path,
    title,
    ...(loginToast !== undefined && { loginToast }),
    ...(links.length > 0 && { links }),
    ...(firstPaint?.prerendered && { prerendered: true as const }),
  };
};
