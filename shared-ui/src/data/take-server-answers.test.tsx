import { dehydrate, hydrate, QueryClient, useQuery } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../api/api-client';
import { KitProvider } from '../theme/kit-provider';
import { toast } from '../toast/toast';
import { firstPageLeft, queryClient, takeServerAnswers, type ErrorToast } from './query-client';

/** What a server-rendered page brings: its cache, as the render process dehydrated it. */
function serverCache() {
  const server = new QueryClient();
  server.setQueryData(['artifacts', 'detail', 'a1', null], { name: 'Rosetta Stone' });
  return dehydrate(server);
}

/**
 * A server's cache whose API call failed: the query in its error state, as the server renderer dehydrates it and
 * sends it (JSON, render/src/render-page.ts).
 */
async function serverFailure(error: Error = new Error('API call failed')) {
  const server = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  await server.prefetchQuery({
    queryKey: ['artifacts', 'detail', 'a1', null],
    queryFn: () => Promise.reject(error),
  });
  const state = dehydrate(server, { shouldDehydrateQuery: (query) => query.state.status !== 'pending' });
  return JSON.parse(JSON.stringify(state)) as typeof state;
}

/** A page that tells the API's refusal (a 404) apart from a failure, as Artifact Details does. */
function Page({
  queryFn,
  errorToast,
}: {
  queryFn: () => Promise<{ name: string }>;
  errorToast?: ErrorToast;
}) {
  const { data, error, isError } = useQuery({
    queryKey: ['artifacts', 'detail', 'a1', null],
    queryFn,
    meta: { errorToast },
  });
  if (error instanceof ApiError && error.status === 404) return <h1>Not found</h1>;
  return <h1>{data?.name ?? (isError ? 'Could not load' : 'Loading')}</h1>;
}

afterEach(() => {
  vi.restoreAllMocks();
  firstPageLeft();
  queryClient.clear();
});

/** As the browser's hydration entry does: the answers taken first, then the first render. */
const renderPage = (queryFn: () => Promise<{ name: string }>) =>
  render(
    <KitProvider>
      <Page queryFn={queryFn} />
    </KitProvider>,
  );

describe("a server-rendered page's answers", () => {
  it('are shown by its first render and not asked for again on mount', async () => {
    const queryFn = vi.fn(async () => ({ name: 'asked again' }));
    takeServerAnswers(serverCache());
    renderPage(queryFn);
    expect(await screen.findByRole('heading', { name: 'Rosetta Stone' })).toBeTruthy();
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(queryFn).not.toHaveBeenCalled();
  });

  it("a failure: its first render is the server's error state, not asked again on mount, until the page is left", async () => {
    const queryFn = vi.fn(async () => ({ name: 'asked again' }));
    takeServerAnswers(await serverFailure());
    const page = renderPage(queryFn);
    expect(screen.getByRole('heading').textContent).toBe('Could not load');
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(queryFn).not.toHaveBeenCalled();
    page.unmount();
    firstPageLeft();
    renderPage(queryFn);
    await vi.waitFor(() => expect(queryFn).toHaveBeenCalledOnce());
  });

  it("the API's refusal: drawn as the server drew it (an ApiError with its status, though sent as JSON)", async () => {
    takeServerAnswers(await serverFailure(new ApiError('No such artifact', 404, 'Artifact not found')));
    renderPage(vi.fn(async () => ({ name: 'asked again' })));
    expect(screen.getByRole('heading').textContent).toBe('Not found');
    expect(queryClient.getQueryState(['artifacts', 'detail', 'a1', null])?.error).toMatchObject({
      message: 'No such artifact',
      serverMessage: 'Artifact not found',
    });
  });

  it("a failure: toasted as the browser's own load would be, once its page asks for it", async () => {
    const shown = vi.spyOn(toast, 'error');
    takeServerAnswers(await serverFailure(new ApiError('API call failed', 500)));
    expect(shown).not.toHaveBeenCalled();
    render(
      <KitProvider>
        <Page queryFn={vi.fn()} errorToast={{ fallback: 'Failed to fetch artifact details', exact: true }} />
      </KitProvider>,
    );
    expect(shown).toHaveBeenCalledTimes(1);
    expect(shown).toHaveBeenCalledWith('Failed to fetch artifact details');
  });

  it("taken with TanStack's hydrate alone, are asked for again as the page mounts (why takeServerAnswers)", async () => {
    const queryFn = vi.fn(async () => ({ name: 'asked again' }));
    hydrate(queryClient, serverCache());
    renderPage(queryFn);
    await vi.waitFor(() => expect(queryFn).toHaveBeenCalledOnce());
  });
});
