import { firstApiRequest, earlyRequestUrlFor } from 'shared-ui/test/first-request';
import { describe, expect, it } from 'vitest';
import MyArtifactsPage from './my-artifacts/my-artifacts-page';
import myArtifactsRoute from './my-artifacts/my-artifacts.route';
import updateArtifactRoute from './update-artifact/update-artifact.route';
import UpdateArtifactPage from './update-artifact/update-artifact-page';

describe("the editor's early requests", () => {
  it("are My Artifacts' first request", async () => {
    expect(await firstApiRequest(MyArtifactsPage, '/my-artifacts', { signedIn: true })).toBe(
      earlyRequestUrlFor(myArtifactsRoute.firstPaint.earlyRequest, '/my-artifacts'),
    );
  });

  it("are Update Artifact's first request, with the route's id", async () => {
    const route = '/update-artifact/abc%20123';
    expect(
      await firstApiRequest(UpdateArtifactPage, route, { path: updateArtifactRoute.path, signedIn: true }),
    ).toBe(earlyRequestUrlFor(updateArtifactRoute.firstPaint.earlyRequest, route, { id: 'abc 123' }));
  });
});
