import { firstApiRequest, earlyRequestUrlFor } from 'shared-ui/test/first-request';
import { describe, expect, it } from 'vitest';
import LikedArtifactsPage from './liked-artifacts/liked-artifacts-page';
import likedArtifactsRoute from './liked-artifacts/liked-artifacts.route';

describe("the account remote's early requests", () => {
  it("are Liked Artifacts' first request", async () => {
    expect(await firstApiRequest(LikedArtifactsPage, '/liked-artifacts', { signedIn: true })).toBe(
      earlyRequestUrlFor(likedArtifactsRoute.firstPaint.earlyRequest, '/liked-artifacts'),
    );
  });
});
