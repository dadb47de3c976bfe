// For each remote's early-requests test: the first API request a page makes as it opens, so a preload is checked
// against exactly what its page asks for (first-paint/head-start/early-request.ts).
import { waitFor } from '@testing-library/react';
import type { ComponentType } from 'react';
import { afterEach, expect, vi } from 'vitest';
import { configureApi } from '../src/api/api-client';
import {
  connectAuthProvider,
  resetAuthProviderForTests,
  useAuthStore,
  type AuthProvider,
} from '../src/auth/auth-store';
import { Route, Routes } from '../src/router';
// The first paint's own, by path: the kit does not depend on the first paint, which depends on it.
import { earlyRequestUrl, type EarlyRequest } from '../../first-paint/head-start/early-request.ts';
import { renderWithKit } from './render';

const API = 'http://api.test';
const SITE = 'http://site.test';

afterEach(() => {
  vi.unstubAllGlobals();
  resetAuthProviderForTests();
});

/**
 * The URL of the first API request `Page` makes, opened at `route` (a URL path and query) of the route `path` (its
 * parameters: '/artifact-details/:id'), signed in as a member when `signedIn`.
 */
export async function firstApiRequest(
  Page: ComponentType,
  route: string,
  { path = '*', signedIn = false }: { path?: string; signedIn?: boolean } = {},
): Promise<string> {
  configureApi({ baseUrl: API });
  if (signedIn) {
    connectAuthProvider({ getFreshIdToken: async () => 'token' } as unknown as AuthProvider);
    useAuthStore.setState({
      user: {
        uid: 'uid-ada',
        email: 'ada@heritage.test',
        displayName: 'Ada',
        photoURL: null,
        createdAt: null,
      },
      loading: false,
    });
  }
  // Never answered: only the request is read, and no page renders an answer shaped for another page.
  const fetchMock = vi.fn(() => new Promise<Response>(() => {}));
  vi.stubGlobal('fetch', fetchMock);
  renderWithKit(
    <Routes>
      <Route path={path} element={<Page />} />
    </Routes>,
    { route },
  );
  await waitFor(() => expect(fetchMock).toHaveBeenCalled());
  return String((fetchMock.mock.calls[0] as unknown[])[0]);
}

/** The URL the head start sends for `request` on a page opened at `route`, with the route's `pathParams`. */
export const earlyRequestUrlFor = (
  request: EarlyRequest | undefined,
  route: string,
  pathParams?: Record<string, string>,
) => earlyRequestUrl(request!, `${SITE}${route}`, API, pathParams);
