/**
 * Where the router is and how it got there: one history over the browser's History API and one in memory (tests).
 * Same location shape as React Router's (`state`, `key`), and the browser history stores its entries the same way
 * (`{ usr, key }` in `history.state`), so a reload or a Back keeps a page's state.
 */

/** How the current location was reached: Back/Forward or the first load ('POP'), a link ('PUSH'), or a redirect. */
export type NavigationType = 'POP' | 'PUSH' | 'REPLACE';

export interface Location {
  pathname: string;
  search: string;
  hash: string;
  state: unknown;
  /** Unique per history entry; 'default' for the entry the app started on. */
  key: string;
}

export interface Path {
  pathname: string;
  search: string;
  hash: string;
}

export interface History {
  readonly location: Location;
  readonly action: NavigationType;
  push(to: Path, state?: unknown): void;
  replace(to: Path, state?: unknown): void;
  /** Called after every change of location; returns the unsubscribe. */
  listen(listener: () => void): () => void;
}

/** Splits '/a?b=1#c' into its parts; a missing part is ''. */
export function parsePath(path: string): Path {
  const hashAt = path.indexOf('#');
  const hash = hashAt < 0 ? '' : path.slice(hashAt);
  const rest = hashAt < 0 ? path : path.slice(0, hashAt);
  const searchAt = rest.indexOf('?');
  return {
    pathname: searchAt < 0 ? rest : rest.slice(0, searchAt),
    // A bare '?' or '#' means none, as in React Router.
    search: searchAt < 0 || rest.length - searchAt < 2 ? '' : rest.slice(searchAt),
    hash: hash.length < 2 ? '' : hash,
  };
}

export function createPath({ pathname, search, hash }: Path): string {
  return pathname + search + hash;
}

/**
 * Where a link or navigate() goes: an absolute path, or a search and/or hash on the current pathname. Relative
 * paths are refused rather than resolved differently from React Router (no app uses them), and so is '//host',
 * which the History API would treat as another origin.
 */
export function resolvePath(to: string, currentPathname: string): Path {
  const path = parsePath(to);
  if (path.pathname === '') return { ...path, pathname: currentPathname };
  if (!/^\/(?![/\\])/.test(path.pathname))
    throw new Error(`Only absolute paths can be navigated to, not "${to}".`);
  return path;
}

const createKey = () => Math.random().toString(36).slice(2, 10);

export function createBrowserHistory(): History {
  let action: NavigationType = 'POP';
  const read = (): Location => {
    const entry = window.history.state as { usr?: unknown; key?: string } | null;
    const { pathname, search, hash } = window.location;
    return { pathname, search, hash, state: entry?.usr ?? null, key: entry?.key ?? 'default' };
  };
  let location = read();
  const listeners = new Set<() => void>();
  const changed = (next: NavigationType) => {
    action = next;
    location = read();
    listeners.forEach((listener) => listener());
  };
  const onPopState = () => changed('POP');

  return {
    get location() {
      return location;
    },
    get action() {
      return action;
    },
    push(to, state) {
      const url = createPath(to);
      try {
        window.history.pushState({ usr: state ?? null, key: createKey() }, '', url);
      } catch {
        // Safari caps pushState calls and state may not be cloneable: fall back to a full page load.
        window.location.assign(url);
        return;
      }
      changed('PUSH');
    },
    replace(to, state) {
      window.history.replaceState({ usr: state ?? null, key: createKey() }, '', createPath(to));
      changed('REPLACE');
    },
    listen(listener) {
      // The popstate listener lives only while someone listens: the router creates its history during render,
      // and StrictMode renders twice.
      if (listeners.size === 0) window.addEventListener('popstate', onPopState);
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
        if (listeners.size === 0) window.removeEventListener('popstate', onPopState);
      };
    },
  };
}

/** A history that never touches the address bar, for tests: it starts on the last of `initialEntries`. */
export function createMemoryHistory(initialEntries: readonly string[] = ['/']): History {
  const toLocation = (to: Path, state: unknown, key = createKey()): Location => ({
    ...to,
    state: state ?? null,
    key,
  });
  const entries = initialEntries.map((entry, i) =>
    toLocation(parsePath(entry), null, i === 0 ? 'default' : undefined),
  );
  let index = entries.length - 1;
  let action: NavigationType = 'POP';
  const listeners = new Set<() => void>();
  const changed = (next: NavigationType) => {
    action = next;
    listeners.forEach((listener) => listener());
  };

  return {
    get location() {
      return entries[index]!;
    },
    get action() {
      return action;
    },
    push(to, state) {
      index += 1;
      entries.splice(index, entries.length, toLocation(to, state));
      changed('PUSH');
    },
    replace(to, state) {
      entries[index] = toLocation(to, state);
      changed('REPLACE');
    },
    listen(listener) {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
  };
}
