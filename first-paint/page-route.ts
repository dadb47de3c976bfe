/**
 * A remote's page, declared once in its route module (`src/pages/<folder>/<folder>.route.ts`, default export): what
 * the remote exposes, what its manifest tells the shell (`pages`: path, title, who may open it) and how the page
 * paints before its code are all derived from it (shared-ui/vite-config/pages.ts, vite/remote.ts).
 */
import type { ComponentType } from 'react';
import type { PageQuery } from 'shared-ui/data/page-query';
import type { EarlyRequest } from './head-start/early-request.ts';
import type { ImagePreload, PublishedPage } from './head-start/manifest.ts';
import type { PictureContext } from './head-start/picture.ts';

/** A page's module: its component, and the query it opens with when it shows data. */
export interface PageModule {
  default: ComponentType;
  pageQuery?: PageQuery;
}

export interface PageRoute extends PublishedPage {
  page: () => Promise<PageModule>;
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
export const publishedPage = ({ path, title, loginToast, firstPaint }: Omit<PageRoute, 'page'>) => ({
  path,
  title,
  ...(loginToast !== undefined && { loginToast }),
  ...(firstPaint?.prerendered && { prerendered: true as const }),
});
