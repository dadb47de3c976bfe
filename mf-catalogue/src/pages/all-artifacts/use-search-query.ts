import { useEffect, useEffectEvent, useState } from 'react';
import { ARTIFACT_TYPES, type ArtifactType, useSearchParams } from 'shared-ui';
import { DEFAULT_ARTIFACT_SORT, isArtifactSort, type ArtifactSort } from 'artifact-model/search-page';

/** How long typing must pause before the search runs. */
export const SEARCH_DEBOUNCE_MS = 300;

const asType = (value: string | null): ArtifactType | '' =>
  (ARTIFACT_TYPES as readonly string[]).includes(value ?? '') ? (value as ArtifactType) : '';

/** What the list shows: its trimmed words, a type of the spec's list and an order, each '' when none (the default). */
export interface ListSearch {
  term: string;
  type: ArtifactType | '';
  sort: ArtifactSort | '';
}

/** The search a page URL's query asks for (`?q=`, `?type=`, `?sort=`); a value the list does not know counts as none. */
export function searchOf(params: URLSearchParams): ListSearch {
  const sort = (params.get('sort') ?? '').trim();
  return {
    term: (params.get('q') ?? '').trim(),
    type: asType(params.get('type')),
    sort: isArtifactSort(sort) ? sort : '',
  };
}

/** The search, kept in the URL (shared, reloaded, Back): the box shows what is typed, the URL follows a pause. */
export function useSearchQuery() {
  const [params, setParams] = useSearchParams();
  const { term, type, sort } = searchOf(params);
  // `seen` is the URL term last rendered and `pending` the term this box last asked for. When the URL moves to
  // anything else (Back, a shared link), the box follows it; when it catches up with our own request, the box
  // keeps what the user has typed since.
  const [draft, setDraft] = useState({ text: term, seen: term, pending: term });
  if (draft.seen !== term) {
    setDraft(term === draft.pending ? { ...draft, seen: term } : { text: term, seen: term, pending: term });
  }

  /** Sets the URL's parameters named in `next`, each left out of the URL when '' (the default newest order too). */
  const update = (next: Partial<Record<'q' | 'type' | 'sort', string>>) => {
    setParams(
      (current) => {
        const result = new URLSearchParams(current);
        for (const [name, value] of Object.entries(next)) {
          if (value) result.set(name, value);
          else result.delete(name);
        }
        return result;
      },
      { replace: true },
    );
  };

  const commitTerm = (text: string) => {
    const trimmed = text.trim();
    setDraft((d) => ({ ...d, pending: trimmed }));
    if (trimmed !== term) update({ q: trimmed });
  };
  const searchAfterPause = useEffectEvent(commitTerm);

  useEffect(() => {
    if (draft.text.trim() === draft.pending) return;
    const timer = setTimeout(() => searchAfterPause(draft.text), SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [draft.text, draft.pending]);

  return {
    /** The committed, trimmed term the results are for. */
    term,
    type,
    /** The order chosen, '' for the default (newest first). */
    sort,
    /** What the search box shows. */
    text: draft.text,
    setText: (text: string) => setDraft((d) => ({ ...d, text })),
    /** Search now (Enter), without waiting for the pause. */
    submit: () => commitTerm(draft.text),
    setType: (next: ArtifactType | '') => update({ type: next }),
    setSort: (next: ArtifactSort) => update({ sort: next === DEFAULT_ARTIFACT_SORT ? '' : next }),
    /** Whether anything narrows or orders the list: the search box's text (typed or committed), a type, a sort. */
    filtered: Boolean(draft.text.trim() || term || type || sort),
    /** Back to the unsearched list, newest first: the box emptied, `q`, `type` and `sort` out of the URL. */
    clear: () => {
      setDraft({ text: '', seen: term, pending: '' });
      update({ q: '', type: '', sort: '' });
    },
  };
}

export type SearchQuery = ReturnType<typeof useSearchQuery>;
