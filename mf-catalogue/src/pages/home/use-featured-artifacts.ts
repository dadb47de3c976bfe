import { useEffect, useState } from 'react';
import { errorMessage, fetchTopLikedArtifacts, type Artifact, toast } from 'shared-ui';

export const FEATURED_FETCH_FAILED = 'Failed to fetch featured artifacts';

export type FeaturedState =
  | { status: 'loading' }
  | { status: 'error'; message: string }
  | { status: 'success'; artifacts: Artifact[] };

/** The most-liked artifacts (GET /artifacts/top-liked); `retry` loads them again after a failure. */
export function useFeaturedArtifacts(): FeaturedState & { retry: () => void } {
  const [attempt, setAttempt] = useState(0);
  // The result remembers which attempt it answers, so a new attempt reads as loading without a reset in the effect.
  const [result, setResult] = useState<{ attempt: number; state: FeaturedState } | null>(null);

  useEffect(() => {
    const controller = new AbortController();
    fetchTopLikedArtifacts(controller.signal).then(
      (artifacts) => setResult({ attempt, state: { status: 'success', artifacts } }),
      (error: unknown) => {
        if (controller.signal.aborted) return;
        const message = errorMessage(error, FEATURED_FETCH_FAILED);
        toast.error(message);
        setResult({ attempt, state: { status: 'error', message } });
      },
    );
    return () => controller.abort();
  }, [attempt]);

  const state: FeaturedState = result?.attempt === attempt ? result.state : { status: 'loading' };
  return { ...state, retry: () => setAttempt((n) => n + 1) };
}
