import { useEffect } from 'react';

export const BRAND_NAME = 'Heritage Vault';

/** '{page} - Heritage Vault', the document title format of every page. */
export const pageTitle = (page: string) => `${page} - ${BRAND_NAME}`;

export function useDocumentTitle(page: string | null | undefined): void {
  useEffect(() => {
    if (page) document.title = pageTitle(page);
  }, [page]);
}
