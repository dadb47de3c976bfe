import { firstApiRequest, preloadedUrl } from 'shared-ui/test/first-request';
import { describe, expect, it } from 'vitest';
import LikedArtifactsPage from './liked-artifacts/liked-artifacts-page';
import { REQUEST_PRELOADS } from './request-preloads';

describe("the account remote's request preloads", () => {
  it("are Liked Artifacts' first request", async () => {
    expect(await firstApiRequest(LikedArtifactsPage, '/liked-artifacts', { signedIn: true })).toBe(
      preloadedUrl(REQUEST_PRELOADS['./LikedArtifacts'], '/liked-artifacts'),
    );
  });
});
