/**
 * The router contexts (the history, and the location it is at) and the hooks that read or move them.
 */
import {
  createContext,
  startTransition,
  useCallback,
  useContext,
  useLayoutEffect,
  useMemo,
  useState,
  type ReactNode,
} from 'react';
import {
  createBrowserHistory,
  createMemoryHistory,
  resolvePath,
  type History,
  type Location,
  type NavigationType,
} from './history';

// Two contexts: a component that only navigates (reads the history) does not re-render on every navigation.
const HistoryContext = createContext<History | null>(null);
const LocationContext = createContext<{ location: Location; action: NavigationType } | null>(null);

function required<T>(value: T | null, hook: string): T {
  if (!value) throw new Error(`${hook}() may be used only inside <BrowserRouter> or <MemoryRouter>.`);
  return value;
}

function Router({ history, children }: { history: History; children?: ReactNode }) {
  const [state, setState] = useState(() => ({ location: history.location, action: history.action }));
  useLayoutEffect(() => {
    let shownPathname = history.location.pathname;
    return history.listen(() => {
      const next = { location: history.location, action: history.action };
      const samePage = next.location.pathname === shownPathname;
      shownPathname = next.location.pathname;
      // Another page renders in a transition, as in React Router 7: a page that suspends (a lazy chunk) keeps the
      // old page on screen instead of flashing the nearest Suspense fallback. A new query string on the same page
      // (a search) has nothing to wait for and renders at once: a transition renders in slices between frames,
      // which held a search's request back by about 40 ms.
      if (samePage) setState(next);
      else startTransition(() => setState(next));
    });
  }, [history]);
  return (
    <HistoryContext.Provider value={history}>
      <LocationContext.Provider value={state}>{children}</LocationContext.Provider>
    </HistoryContext.Provider>
  );
}

/** The router of the site: the address bar's path, Back and Forward. */
export function BrowserRouter({ children }: { children?: ReactNode }) {
  const [history] = useState(createBrowserHistory);
  return <Router history={history}>{children}</Router>;
}

/** A router in memory, for tests: starts at the last of `initialEntries` (default '/'). */
export function MemoryRouter({
  initialEntries,
  children,
}: {
  initialEntries?: string[];
  children?: ReactNode;
}) {
  const [history] = useState(() => createMemoryHistory(initialEntries));
  return <Router history={history}>{children}</Router>;
}

export function useLocation(): Location {
  return required(useContext(LocationContext), 'useLocation').location;
}

/** 'POP' on the first page and after Back or Forward, 'PUSH' after a link, 'REPLACE' after a redirect. */
export function useNavigationType(): NavigationType {
  return required(useContext(LocationContext), 'useNavigationType').action;
}

export interface NavigateOptions {
  replace?: boolean;
  state?: unknown;
}

/** navigate('/path'), navigate('?q=term') (same pathname), with { replace, state }. The function is stable. */
export function useNavigate(): (to: string, options?: NavigateOptions) => void {
  const history = required(useContext(HistoryContext), 'useNavigate');
  return useCallback(
    (to, { replace = false, state } = {}) => {
      const path = resolvePath(to, history.location.pathname);
      if (replace) history.replace(path, state);
      else history.push(path, state);
    },
    [history],
  );
}

export type SearchParamsInit = string | string[][] | Record<string, string> | URLSearchParams;

/** The query string as URLSearchParams, and a setter that navigates to the same pathname with a new one. */
export function useSearchParams(): [
  URLSearchParams,
  (
    next: SearchParamsInit | ((current: URLSearchParams) => SearchParamsInit),
    options?: NavigateOptions,
  ) => void,
] {
  const { search } = useLocation();
  const navigate = useNavigate();
  const searchParams = useMemo(() => new URLSearchParams(search), [search]);
  const setSearchParams = useCallback(
    (
      next: SearchParamsInit | ((current: URLSearchParams) => SearchParamsInit),
      options?: NavigateOptions,
    ) => {
      const init = typeof next === 'function' ? next(new URLSearchParams(searchParams)) : next;
      navigate(`?${new URLSearchParams(init)}`, options);
    },
    [navigate, searchParams],
  );
  return [searchParams, setSearchParams];
}
