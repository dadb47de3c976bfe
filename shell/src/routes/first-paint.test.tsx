import { act, render, screen } from '@testing-library/react';
import { Suspense } from 'react';
import { queryClient, useAuthStore } from 'shared-ui';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { PageModule } from 'first-paint/page-route';
import { preloadableLazy, readyFirstPage } from './first-paint';
import type { RouteEntry } from './route-table';

const Page = () => <h1>The page</h1>;

describe('preloadableLazy', () => {
  it('renders at once when preloaded, loading its code once', async () => {
    const load = vi.fn(async () => ({ default: Page }));
    const Preloadable = preloadableLazy(load);
    await Preloadable.preload();
    render(
      <Suspense fallback={<p>Loading</p>}>
        <Preloadable />
      </Suspense>,
    );
    expect(screen.getByRole('heading', { name: 'The page' })).toBeTruthy();
    expect(screen.queryByText('Loading')).toBeNull();
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('suspends like React.lazy when not preloaded', async () => {
    const Preloadable = preloadableLazy(async () => ({ default: Page }));
    render(
      <Suspense fallback={<p>Loading</p>}>
        <Preloadable />
      </Suspense>,
    );
    expect(screen.getByText('Loading')).toBeTruthy();
    await act(async () => {});
    expect(await screen.findByRole('heading', { name: 'The page' })).toBeTruthy();
  });

  it('a failed preload resolves; the render then shows the error to its boundary', async () => {
    const Preloadable = preloadableLazy(() => Promise.reject(new Error('chunk missing')));
    await expect(Preloadable.preload()).resolves.toBeUndefined();
  });
});

describe('readyFirstPage', () => {
  const member = { uid: 'm1', email: 'a@b.test', displayName: 'Ada', photoURL: null, createdAt: null };
  /** A page at /things/:id whose first query is ['thing', id, viewer], answered by `answer`. */
  function firstPage(answer: () => Promise<unknown>, loginToast?: string) {
    const queryFn = vi.fn(answer);
    const module: PageModule = {
      default: Page,
      pageQuery: ({ id }, viewer) => ({ queryKey: ['thing', id, viewer], queryFn }),
    };
    const route: RouteEntry = {
      path: '/things/:id',
      title: 'Thing',
      source: { remote: 'mf_test', page: 'Thing' },
      ...(loginToast && { loginToast }),
    };
    return { queryFn, first: { route, page: preloadableLazy(async () => module) } };
  }

  afterEach(() => {
    queryClient.clear();
    useAuthStore.setState({ user: null, loading: true });
    history.replaceState(null, '', '/');
  });

  it("with the page's picture on screen, has its first query answered for the URL's parameters", async () => {
    history.replaceState(null, '', '/things/t1');
    const { queryFn, first } = firstPage(async () => 'the thing');
    await expect(readyFirstPage(first, () => true)).resolves.toBe(true);
    expect(queryClient.getQueryData(['thing', 't1', undefined])).toBe('the thing');
    expect(queryFn).toHaveBeenCalledOnce();
  });

  it('without a picture, loads only the code: the page asks for its data itself', async () => {
    history.replaceState(null, '', '/things/t1');
    const { queryFn, first } = firstPage(async () => 'the thing');
    await expect(readyFirstPage(first, () => false)).resolves.toBe(false);
    expect(queryFn).not.toHaveBeenCalled();
  });

  it("a protected page's query waits for the member, then is asked as theirs; signed out, it is not asked", async () => {
    history.replaceState(null, '', '/things/t2');
    const { queryFn, first } = firstPage(async () => 'mine', 'Please login');
    const ready = readyFirstPage(first, () => true);
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(queryFn).not.toHaveBeenCalled();
    useAuthStore.setState({ user: member, loading: false });
    await expect(ready).resolves.toBe(true);
    expect(queryClient.getQueryData(['thing', 't2', 'm1'])).toBe('mine');

    useAuthStore.setState({ user: null, loading: false });
    const signedOut = firstPage(async () => 'mine', 'Please login');
    await expect(readyFirstPage(signedOut.first, () => true)).resolves.toBe(true);
    expect(signedOut.queryFn).not.toHaveBeenCalled();
  });

  it('a failed answer is forgotten quietly: the page asks again and reports it itself', async () => {
    history.replaceState(null, '', '/things/t3');
    const { first } = firstPage(() => Promise.reject(new Error('down')));
    await expect(readyFirstPage(first, () => true)).resolves.toBe(true);
    expect(queryClient.getQueryState(['thing', 't3', undefined])).toBeUndefined();
  });
});
