import { waitFor } from '@testing-library/react';
import { configureApi, Route, Routes } from 'shared-ui';
import { requestPreloadUrl } from 'shared-ui/build/request-preload';
import { renderWithKit } from 'shared-ui/test/render';
import type { ComponentType } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import AllArtifactsPage from './all-artifacts/all-artifacts-page';
import ArtifactDetailsPage from './artifact-details/artifact-details-page';
import HomePage from './home/home-page';
import { REQUEST_PRELOADS } from './request-preloads';

const API = 'http://api.test';
const SITE = 'http://site.test';

/** The URL of the first API request the page makes, opened at `route`. */
async function firstRequest(Page: ComponentType, route: string): Promise<string> {
  configureApi({ baseUrl: API });
  const fetchMock = vi.fn(async () => Response.json([]));
  vi.stubGlobal('fetch', fetchMock);
  renderWithKit(<Page />, { route });
  await waitFor(() => expect(fetchMock).toHaveBeenCalled());
  return String((fetchMock.mock.calls[0] as unknown[])[0]);
}

afterEach(() => vi.unstubAllGlobals());

describe("the catalogue's request preloads", () => {
  it("are Home's first request", async () => {
    expect(await firstRequest(HomePage, '/')).toBe(
      requestPreloadUrl(REQUEST_PRELOADS['./Home']!, `${SITE}/`, API),
    );
  });

  it.each([
    '/all-artifacts',
    '/all-artifacts?q=rosetta',
    '/all-artifacts?q=%20bronze%20age%20&type=Tools',
    '/all-artifacts?type=Pottery&q=caf%C3%A9+%26+co',
    '/all-artifacts?q=%20%20',
  ])("are All Artifacts' first request at %s", async (route) => {
    expect(await firstRequest(AllArtifactsPage, route)).toBe(
      requestPreloadUrl(REQUEST_PRELOADS['./AllArtifacts']!, `${SITE}${route}`, API),
    );
  });

  it("are Artifact Details' first request, with the route's id", async () => {
    const page = () => (
      <Routes>
        <Route path="/artifact-details/:id" element={<ArtifactDetailsPage />} />
      </Routes>
    );
    expect(await firstRequest(page, '/artifact-details/abc%20123')).toBe(
      requestPreloadUrl(REQUEST_PRELOADS['./ArtifactDetails']!, `${SITE}/artifact-details/abc%20123`, API, {
        id: 'abc 123',
      }),
    );
  });
});
