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
import MyArtifactsPage from './my-artifacts/my-artifacts-page';
import UpdateArtifactPage from './update-artifact/update-artifact-page';
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

describe("the editor's request preloads", () => {
  it("are My Artifacts' first request", async () => {
    expect(await firstRequest(MyArtifactsPage, '/my-artifacts', '/my-artifacts')).toBe(
      requestPreloadUrl(REQUEST_PRELOADS['./MyArtifacts']!, `${SITE}/my-artifacts`, API),
    );
  });

  it("are Update Artifact's first request, with the route's id", async () => {
    expect(await firstRequest(UpdateArtifactPage, '/update-artifact/:id', '/update-artifact/abc%20123')).toBe(
      requestPreloadUrl(REQUEST_PRELOADS['./UpdateArtifact']!, `${SITE}/update-artifact/abc%20123`, API, {
        id: 'abc 123',
      }),
    );
  });
});
