import { waitFor } from '@testing-library/react';
import {
  configureApi,
  connectAuthProvider,
  resetAuthProviderForTests,
  Route,
  Routes,
  useAuthStore,
  type AuthProvider,
} from 'shared-ui';
import { requestPreloadUrl } from 'shared-ui/build/request-preload';
import { renderWithKit } from 'shared-ui/test/render';
import { afterEach, describe, expect, it, vi } from 'vitest';
import LikedArtifactsPage from './liked-artifacts/liked-artifacts-page';
import { REQUEST_PRELOADS } from './request-preloads';

const API = 'http://api.test';
const SITE = 'http://site.test';

/** The URL of the first API request a signed-in member's page makes, opened at `route` of `path`. */
async function firstRequest(Page: () => React.JSX.Element, path: string, route: string): Promise<string> {
  configureApi({ baseUrl: API });
  connectAuthProvider({ getFreshIdToken: async () => 'token' } as unknown as AuthProvider);
  useAuthStore.setState({
    user: { uid: 'uid-ada', email: 'ada@heritage.test', displayName: 'Ada', photoURL: null, createdAt: null },
    loading: false,
  });
  const fetchMock = vi.fn(async () => Response.json([]));
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

afterEach(() => {
  vi.unstubAllGlobals();
  resetAuthProviderForTests();
});

describe("the account remote's request preloads", () => {
  it("are Liked Artifacts' first request", async () => {
    expect(await firstRequest(LikedArtifactsPage, '/liked-artifacts', '/liked-artifacts')).toBe(
      requestPreloadUrl(REQUEST_PRELOADS['./LikedArtifacts']!, `${SITE}/liked-artifacts`, API),
    );
  });
});
