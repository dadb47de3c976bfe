import { useEffect, useLayoutEffect } from 'react';

export const BRAND_NAME = 'Heritage Vault';

/** '{page} - Heritage Vault', the document title format of every page. */
export const pageTitle = (page: string) => `${page} - ${BRAND_NAME}`;

/**
 * Sets '{page} - Heritage Vault'. `routeDefault`: the route's own title (the shell's), set in a layout effect, so a
 * page's title of its own (an artifact's name), set in an effect, wins even when the page renders with its data in
 * the same commit: React runs a parent's effects after its children's, but every layout effect before any effect.
 */
export function useDocumentTitle(page: string | null | undefined, { routeDefault = false } = {}): void {
  useLayoutEffect(() => {
    if (routeDefault && page) document.title = pageTitle(page);
  }, [page, routeDefault]);
  useEffect(() => {
    if (!routeDefault && page) document.title = pageTitle(page);
  }, [page, routeDefault]);
}
