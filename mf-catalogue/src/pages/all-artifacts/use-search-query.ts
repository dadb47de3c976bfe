import { useEffect, useEffectEvent, useState } from 'react';
import { ARTIFACT_TYPES, type ArtifactType, useSearchParams } from 'shared-ui';

/** How long typing must pause before the search runs. */
export const SEARCH_DEBOUNCE_MS = 300;

const asType = (value: string | null): ArtifactType | '' =>
  (ARTIFACT_TYPES as readonly string[]).includes(value ?? '') ? (value as ArtifactType) : '';

/** The search a page URL's query asks for: its trimmed words and a type of the spec's list, each '' when none. */
export function searchOf(params: URLSearchParams): { term: string; type: ArtifactType | '' } {
  return { term: (params.get('q') ?? '').trim(), type: asType(params.get('type')) };
}

/**
 * The search lives in the URL (`?q=` and `?type=`), so it can be shared and survives reload and Back. The box
 * shows what is typed at once; the URL (and so the search) follows after a short pause in typing.
 */
export function useSearchQuery() {
  const [params, setParams] = useSearchParams();
  const { term, type } = searchOf(params);
  // `seen` is the URL term last rendered and `pending` the term this box last asked for. When the URL moves to
  // anything else (Back, a shared link), the box follows it; when it catches up with our own request, the box
  // keeps what the user has typed since.
  const [draft, setDraft] = useState({ text: term, seen: term, pending: term });
  if (draft.seen !== term) {
    setDraft(term === draft.pending ? { ...draft, seen: term } : { text: term, seen: term, pending: term });
  }

  const update = (next: { term?: string; type?: ArtifactType | '' }) => {
    setParams(
      (current) => {
        const result = new URLSearchParams(current);
        if (next.term !== undefined) {
          if (next.term) result.set('q', next.term);
          else result.delete('q');
        }
        if (next.type !== undefined) {
          if (next.type) result.set('type', next.type);
          else result.delete('type');
        }
        return result;
      },
      { replace: true },
    );
  };

  const commitTerm = (text: string) => {
    const trimmed = text.trim();
    setDraft((d) => ({ ...d, pending: trimmed }));
    if (trimmed !== term) update({ term: trimmed });
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
    /** What the search box shows. */
    text: draft.text,
    setText: (text: string) => setDraft((d) => ({ ...d, text })),
    /** Search now (Enter), without waiting for the pause. */
    submit: () => commitTerm(draft.text),
    setType: (next: ArtifactType | '') => update({ type: next }),
  };
}
