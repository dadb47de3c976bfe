import { useEffect, useEffectEvent, useRef } from 'react';

/** Calls `onReach` when the returned element comes within `margin` of the viewport: the next page loads early. */
export function useInfiniteScroll<T extends Element>(
  onReach: () => void,
  enabled: boolean,
  margin = '800px',
) {
  const target = useRef<T>(null);
  const reached = useEffectEvent(onReach);
  useEffect(() => {
    const element = target.current;
    if (!enabled || !element || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) reached();
      },
      { rootMargin: margin },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [enabled, margin]);
  return target;
}
