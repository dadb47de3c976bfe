import { act, render, screen } from '@testing-library/react';
import { Suspense } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { preloadableLazy } from './preloadable';

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
