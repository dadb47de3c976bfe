/**
 * The one QueryClient of the whole site, and what every page does with it: a failed load's toast, the server's answers
 * for the first page, a page's data state and its Try Again (docs/architecture.md, "Each remote's data").
 */
import {
  hydrate,
  type DehydratedState,
  QueryCache,
  QueryClient,
  type Query,
  type QueryKey,
  type UseQueryResult,
} from '@tanstack/react-query';
import { ApiError, errorMessage } from '../api/api-client';
import { useAuthStore } from '../auth/auth-store';
import { toast } from '../toast/toast';

/**
 * What a failed load toasts: the page's fallback text (the server's message wins when it sent one), a fixed text
 * (`exact`), or nothing for a failure the page shows in its own way (`quietWhen`).
 */
export interface ErrorToast {
  fallback: string;
  exact?: boolean;
  id?: string;
  quietWhen?: (error: Error) => boolean;
}

declare module '@tanstack/react-query' {
  interface Register {
    queryMeta: { errorToast?: ErrorToast };
  }
}

/** Refused for its token: the session may be over, which the identity provider decides, not this request. */
const refusedToken = (error: unknown) => error instanceof ApiError && error.status === 401;

function toastFailedLoad(error: Error, query: Query<unknown, unknown, unknown, QueryKey>): void {
  const spec = query.meta?.errorToast;
  if (!spec || spec.quietWhen?.(error)) return;
  // A page started from the stored token before Firebase answered: Firebase's answer decides (below).
  if (refusedToken(error) && useAuthStore.getState().loading) return;
  const message = spec.exact ? spec.fallback : errorMessage(error, spec.fallback);
  if (spec.id) toast.error(message, { id: spec.id });
  else toast.error(message);
}

/** The queries the server answered for the page the visit opened with (takeServerAnswers), by hash. */
const firstPageAnswers = new Set<string>();

export const queryClient = new QueryClient({
  queryCache: new QueryCache({ onError: toastFailedLoad }),
  defaultOptions: {
    // The spec answers a failed load with its toast and a Try Again button, at once: no silent retries first.
    // Data is refetched on opening a page again, not on every return to the browser tab, nor by the first page
    // as it takes the answer the server rendered it with.
    queries: {
      retry: false,
      refetchOnWindowFocus: false,
      refetchOnMount: (query) => !firstPageAnswers.has(query.queryHash),
    },
  },
});

/** The first page's requests the server's API call failed for: their page shows its error state until left. */
const firstPageFailures: QueryKey[] = [];

/**
 * The answers a server-rendered page came with (its dehydrated cache), taken as the first page's: its first render
 * shows them and does not ask again on mount (TanStack's `hydrate`, then `refetchOnMount`'s rule above) until the
 * visitor moves on (firstPageLeft). A failure too: the page hydrates its error state as the server drew it (its Try
 * Again asks again), rather than ask again as it mounts (TanStack's retryOnMount, which would draw the loading state
 * over the server's HTML).
 */
export function takeServerAnswers(state: DehydratedState): void {
  for (const { state: answer } of state.queries)
    // Sent as JSON: the API's refusal is an ApiError again, as the page tells them apart (a 404 is 'not found').
    if (answer.status === 'error') answer.error = ApiError.fromJSON(answer.error) as Error;
  hydrate(queryClient, state);
  const failed = new Set<string>();
  for (const { queryHash, queryKey, state: answer } of state.queries) {
    firstPageAnswers.add(queryHash);
    if (answer.status !== 'error') continue;
    queryClient.setQueryDefaults(queryKey, { retryOnMount: false });
    firstPageFailures.push(queryKey);
    failed.add(queryHash);
  }
  toastWhenAsked(failed);
}

/**
 * A failure the server drew gets the toast the browser's own load would have raised, once the page asks for its
 * query: the toast is the page's query's (its `meta`, which a JSON-sent state cannot carry whole).
 */
function toastWhenAsked(failed: Set<string>): void {
  if (!failed.size) return;
  const stop = queryClient.getQueryCache().subscribe((event) => {
    if (event.type !== 'observerAdded' || !failed.delete(event.query.queryHash)) return;
    const { error } = event.query.state;
    if (error) toastFailedLoad(error, event.query);
    if (!failed.size) stop();
  });
}

/** The visitor has moved on from the first page: its answers are asked for again like any other's. */
export function firstPageLeft(): void {
  firstPageAnswers.clear();
  for (const queryKey of firstPageFailures.splice(0))
    queryClient.setQueryDefaults(queryKey, { retryOnMount: true });
}

useAuthStore.subscribe((state, previous) => {
  // A member's data never outlives their session in this browser: their keys carry their uid (artifact-keys.ts).
  const leaving = previous.user?.uid;
  if (leaving && leaving !== state.user?.uid)
    queryClient.removeQueries({ predicate: (q) => q.queryKey.includes(leaving) });
  // Firebase has confirmed the member a page started with: what the server refused for the token, ask again.
  if (previous.loading && !state.loading && state.user)
    void queryClient.refetchQueries({ predicate: (q) => refusedToken(q.state.error) });
});

export type PageData<T> =
  { status: 'loading' } | { status: 'error'; error: Error } | { status: 'ready'; data: T };

/** What a page shows of a query: its data as soon as there is some (kept through a failed refresh), else the failure or loading. */
export function pageDataOf<T>(query: Pick<UseQueryResult<T>, 'data' | 'isError' | 'error'>): PageData<T> {
  if (query.data !== undefined) return { status: 'ready', data: query.data };
  if (query.isError) return { status: 'error', error: query.error as Error };
  return { status: 'loading' };
}

/** Try Again: loads the queries afresh from their loading state, as the page's first load showed them. */
export const reloadQueries = (...keys: QueryKey[]) =>
  Promise.all(keys.map((queryKey) => queryClient.resetQueries({ queryKey, exact: true }))).then(
    () => undefined,
  );
