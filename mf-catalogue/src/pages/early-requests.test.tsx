import { firstApiRequest, earlyRequestUrlFor } from 'shared-ui/test/first-request';
import { describe, expect, it } from 'vitest';
import AllArtifactsPage from './all-artifacts/all-artifacts-page';
import ArtifactDetailsPage from './artifact-details/artifact-details-page';
import HomePage from './home/home-page';
import homeRoute from './home/home.route';
import allArtifactsRoute from './all-artifacts/all-artifacts.route';
import artifactDetailsRoute from './artifact-details/artifact-details.route';

describe("the catalogue's early requests", () => {
  it("are Home's first request", async () => {
    expect(await firstApiRequest(HomePage, '/')).toBe(
      earlyRequestUrlFor(homeRoute.firstPaint.earlyRequest, '/'),
    );
  });

  it.each([
    '/all-artifacts',
    '/all-artifacts?q=rosetta',
    '/all-artifacts?q=%20bronze%20age%20&type=Tools',
    '/all-artifacts?type=Pottery&q=caf%C3%A9+%26+co',
    '/all-artifacts?q=%20%20',
    '/all-artifacts?sort=name',
    '/all-artifacts?type=Weapons&sort=most-liked&q=bronze',
    '/all-artifacts?sort=newest',
  ])("are All Artifacts' first request at %s", async (route) => {
    expect(await firstApiRequest(AllArtifactsPage, route)).toBe(
      earlyRequestUrlFor(allArtifactsRoute.firstPaint.earlyRequest, route),
    );
  });

  it("are Artifact Details' first request, with the route's id", async () => {
    const route = '/artifact-details/abc%20123';
    expect(await firstApiRequest(ArtifactDetailsPage, route, { path: artifactDetailsRoute.path })).toBe(
      earlyRequestUrlFor(artifactDetailsRoute.firstPaint.earlyRequest, route, { id: 'abc 123' }),
    );
  });
});
