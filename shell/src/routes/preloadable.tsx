import { lazy, useState, type ComponentType } from 'react';

export interface PreloadableComponent {
  (): React.JSX.Element;
  /** Loads the code ahead of the first render; never rejects (a failure is the render's to show). */
  preload(): Promise<void>;
}

/**
 * A lazy component whose code can be loaded before it is first rendered: mounted after that, it renders at once
 * instead of suspending, so the first commit can already show it (shell/src/routes/first-paint.tsx).
 */
export function preloadableLazy(load: () => Promise<{ default: ComponentType }>): PreloadableComponent {
  let loaded: ComponentType | undefined;
  let loading: Promise<{ default: ComponentType }> | undefined;
  const start = () =>
    (loading ??= load().then((module) => {
      loaded = module.default;
      return module;
    }));
  const Lazy = lazy(start);
  function Preloadable() {
    // Decided once per mount: switching from the lazy wrapper to the module later would remount the page.
    const [Loaded] = useState(() => loaded);
    return Loaded ? <Loaded /> : <Lazy />;
  }
  Preloadable.preload = () =>
    start().then(
      () => undefined,
      () => undefined,
    );
  return Preloadable;
}
