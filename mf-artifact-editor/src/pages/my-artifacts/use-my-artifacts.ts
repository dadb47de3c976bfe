import { useEffect, useState } from 'react';
import { fetchMyArtifacts, toast, useAuthStore, type Artifact } from 'shared-ui';
import { FETCH_MY_ARTIFACTS_FAILED } from './my-artifacts-texts';

export type MyArtifactsState =
  { status: 'loading' } | { status: 'error' } | { status: 'ready'; artifacts: Artifact[] };

/** The signed-in member's artifacts (GET /artifacts/user/me), reloaded for another member or on retry. */
export function useMyArtifacts() {
  const uid = useAuthStore((s) => s.user?.uid);
  const [attempt, setAttempt] = useState(0);
  const [loaded, setLoaded] = useState<{ key: string; state: MyArtifactsState } | null>(null);
  const key = `${uid}#${attempt}`;

  useEffect(() => {
    // Without a user the call would only be refused: wait for the shell to have one.
    if (!uid) return;
    const controller = new AbortController();
    fetchMyArtifacts(controller.signal)
      .then((artifacts) => setLoaded({ key, state: { status: 'ready', artifacts } }))
      .catch(() => {
        if (controller.signal.aborted) return;
        toast.error(FETCH_MY_ARTIFACTS_FAILED);
        setLoaded({ key, state: { status: 'error' } });
      });
    return () => controller.abort();
  }, [uid, key]);

  // A result for another member or an earlier attempt counts as still loading.
  const state: MyArtifactsState = loaded && loaded.key === key ? loaded.state : { status: 'loading' };

  const retry = () => setAttempt((n) => n + 1);

  const removeArtifact = (id: string) =>
    setLoaded((current) =>
      current && current.state.status === 'ready'
        ? {
            ...current,
            state: { status: 'ready', artifacts: current.state.artifacts.filter((a) => a._id !== id) },
          }
        : current,
    );

  return { state, retry, removeArtifact };
}
