import { useLayoutEffect, useRef, useState } from 'react';
import { errorMessage, searchArtifacts, type Artifact, type ArtifactType, toast } from 'shared-ui';
import { PAGE_SIZE } from '../request-preloads';
import { FETCH_ARTIFACTS_FAILED } from './all-artifacts-texts';

export interface ArtifactPages {
  /** Which search (and attempt) these pages answer. */
  key: string;
  items: Artifact[];
  total: number;
  nextCursor: string | null;
  failed: boolean;
  loadingMore: boolean;
}

/**
 * The server's search, a page at a time (GET /artifacts?q=&type=&limit=&cursor=), so the first cards show at
 * once however large the collection is. A new search keeps the previous results on screen, marked stale, until
 * its first page arrives.
 */
export function useArtifactPages(term: string, type: ArtifactType | '') {
  const [attempt, setAttempt] = useState(0);
  const key = JSON.stringify([term, type, attempt]);
  const [pages, setPages] = useState<ArtifactPages | null>(null);
  const moreRequest = useRef<AbortController | null>(null);

  // A layout effect, so the request leaves as the new search is committed: a passive effect of an update that no
  // input event caused (the debounce's timer, a URL change) runs only after the browser has painted the stale results.
  useLayoutEffect(() => {
    const controller = new AbortController();
    searchArtifacts({ q: term, type, limit: PAGE_SIZE }, controller.signal).then(
      (page) =>
        setPages({ key, items: page.items, total: page.total, nextCursor: page.nextCursor, failed: false, loadingMore: false }),
      (error: unknown) => {
        if (controller.signal.aborted) return;
        toast.error(errorMessage(error, FETCH_ARTIFACTS_FAILED));
        setPages({ key, items: [], total: 0, nextCursor: null, failed: true, loadingMore: false });
      },
    );
    return () => {
      controller.abort();
      moreRequest.current?.abort();
    };
  }, [key, term, type]);

  const current = pages?.key === key ? pages : null;

  const loadMore = () => {
    if (!current?.nextCursor || current.loadingMore) return;
    const controller = new AbortController();
    moreRequest.current = controller;
    const cursor = current.nextCursor;
    setPages({ ...current, loadingMore: true });
    searchArtifacts({ q: term, type, limit: PAGE_SIZE, cursor }, controller.signal).then(
      (page) =>
        setPages((latest) => {
          if (latest?.key !== key) return latest;
          // The collection can change between pages: never show one artifact twice.
          const shown = new Set(latest.items.map((item) => item._id));
          const fresh = page.items.filter((item) => !shown.has(item._id));
          return { ...latest, items: [...latest.items, ...fresh], total: page.total, nextCursor: page.nextCursor, loadingMore: false };
        }),
      (error: unknown) => {
        if (controller.signal.aborted) return;
        toast.error(errorMessage(error, FETCH_ARTIFACTS_FAILED));
        setPages((latest) => (latest?.key === key ? { ...latest, loadingMore: false } : latest));
      },
    );
  };

  return {
    /** The results of the current search, or null while its first page loads. */
    current,
    /** The last results shown, while the current search loads. */
    stale: current ? null : pages,
    loadMore,
    retry: () => setAttempt((n) => n + 1),
  };
}
