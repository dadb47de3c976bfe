// The way back from Artifact Details to the list's search it came from (docs/decisions.md, All Artifacts: sort,
// filters and the way back).
import { useSyncExternalStore } from 'react';
import { useLocation } from 'shared-ui';
import { searchOf, type ListSearch } from './use-search-query';

export interface FromList {
  /** The list's search as its URL has it: '?q=bronze&type=Weapons&sort=name', '' for the unsearched list. */
  fromList: string;
}

/** The list's URL for a search, with only what differs from the unsearched, newest-first list. */
export function allArtifactsUrl({ term, type, sort }: ListSearch): string {
  const params = new URLSearchParams();
  if (term) params.set('q', term);
  if (type) params.set('type', type);
  if (sort) params.set('sort', sort);
  const query = params.toString();
  return `/all-artifacts${query ? `?${query}` : ''}`;
}

/** The list's search as its URL has it, for a result's link's `FromList` state. */
export function listQueryOf(search: ListSearch): string {
  return allArtifactsUrl(search).slice('/all-artifacts'.length);
}

/**
 * Where "Back to All Artifacts" goes for a page opened with `state`: the list's search it came from, read again as
 * the list reads its URL (a history entry's state is anyone's to write), or the unsearched list.
 */
export function backToListUrl(state: unknown): string {
  const from = (state as Partial<FromList> | null)?.fromList;
  return allArtifactsUrl(searchOf(new URLSearchParams(typeof from === 'string' ? from : '')));
}

const noSubscription = () => () => undefined;

/**
 * "Back to All Artifacts"'s address on the page shown. A history entry's state is the browser's alone: the server
 * draws the unsearched list's link, and the page takes the entry's once hydrated (useSyncExternalStore's server
 * snapshot), since React keeps an attribute the server drew as it hydrates (a reloaded details page kept
 * '/all-artifacts').
 */
export function useBackToListUrl(): string {
  const { state } = useLocation();
  const hydrated = useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );
  return backToListUrl(hydrated ? state : null);
}
