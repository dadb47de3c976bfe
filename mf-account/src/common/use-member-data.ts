import { useEffect, useEffectEvent, useState } from 'react';

export type MemberData<T> =
  { status: 'loading' } | { status: 'ready'; data: T } | { status: 'error'; error: unknown };

/**
 * Loads data that belongs to the signed-in member: again when the member changes and when `retry` is called.
 * Loading is derived (a result is only current for the member and attempt it was loaded for), so no state is
 * set synchronously in the effect. Aborted requests (unmount, StrictMode's second run) report nothing.
 */
export function useMemberData<T>(
  uid: string | null | undefined,
  load: (signal: AbortSignal) => Promise<T>,
  onError: (error: unknown) => void,
): { state: MemberData<T>; retry: () => void } {
  const [attempt, setAttempt] = useState(0);
  const [result, setResult] = useState<{ key: string; state: MemberData<T> } | null>(null);
  const key = uid ? `${uid}#${attempt}` : null;
  const loadEvent = useEffectEvent(load);
  const onErrorEvent = useEffectEvent(onError);

  useEffect(() => {
    if (!key) return;
    const controller = new AbortController();
    loadEvent(controller.signal).then(
      (data) => {
        if (!controller.signal.aborted) setResult({ key, state: { status: 'ready', data } });
      },
      (error: unknown) => {
        if (controller.signal.aborted) return;
        onErrorEvent(error);
        setResult({ key, state: { status: 'error', error } });
      },
    );
    return () => controller.abort();
  }, [key]);

  const state: MemberData<T> = result && result.key === key ? result.state : { status: 'loading' };
  return { state, retry: () => setAttempt((n) => n + 1) };
}
