import { firstApiRequest, preloadedUrl } from 'shared-ui/test/first-request';
import { describe, expect, it } from 'vitest';
import AllArtifactsPage from './all-artifacts/all-artifacts-page';
import ArtifactDetailsPage from './artifact-details/artifact-details-page';
import HomePage from './home/home-page';
import { REQUEST_PRELOADS } from './request-preloads';

describe("the catalogue's request preloads", () => {
  it("are Home's first request", async () => {
    expect(await firstApiRequest(HomePage, '/')).toBe(preloadedUrl(REQUEST_PRELOADS['./Home'], '/'));
  });

  it.each([
    '/all-artifacts',
    '/all-artifacts?q=rosetta',
    '/all-artifacts?q=%20bronze%20age%20&type=Tools',
    '/all-artifacts?type=Pottery&q=caf%C3%A9+%26+co',
    '/all-artifacts?q=%20%20',
  ])("are All Artifacts' first request at %s", async (route) => {
    expect(await firstApiRequest(AllArtifactsPage, route)).toBe(
      preloadedUrl(REQUEST_PRELOADS['./AllArtifacts'], route),
    );
  });

  it("are Artifact Details' first request, with the route's id", async () => {
    const route = '/artifact-details/abc%20123';
    expect(await firstApiRequest(ArtifactDetailsPage, route, { path: '/artifact-details/:id' })).toBe(
      preloadedUrl(REQUEST_PRELOADS['./ArtifactDetails'], route, { id: 'abc 123' }),
    );
  });
});
