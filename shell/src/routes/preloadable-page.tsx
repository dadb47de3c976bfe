import { lazy, useState, type ComponentType } from 'react';
import type { PageModule } from 'shared-ui/shell-remote-contract';

export interface PreloadableComponent {
  (): React.JSX.Element;
  /** Loads the code ahead of the first render and gives its module; never rejects (a failure is the render's to show). */
  preload(): Promise<PageModule | undefined>;
}

/**
 * A lazy component whose code can be loaded before it is first rendered: mounted after that, it renders at once
 * instead of suspending. The browser loads the first page's code before hydrating it (main.tsx), so hydration meets
 * the server's HTML rather than the page's loading state.
 */
export function preloadableLazy(load: () => Promise<PageModule>): PreloadableComponent {
  let loaded: ComponentType | undefined;
  let loading: Promise<PageModule> | undefined;
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
  Preloadable.preload = () => start().catch(() => undefined);
  return Preloadable;
}
