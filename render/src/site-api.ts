/** What the render service asks the API: one artifact for its page, every artifact for the sitemap. */
import type { Artifact } from 'artifact-model';
import { ARTIFACT_PATHS, artifactPath } from 'artifact-model/api-paths';

/** A page never waits longer than this for the API: past it, the page is sent without the artifact's tags. */
const API_TIMEOUT_MS = 1500;
/** The API's largest page of a listing. */
const LIST_PAGE = 100;

export interface SiteApi {
  /** The artifact, or null when the API says there is none (404). Throws when the API cannot answer. */
  artifact(id: string): Promise<Artifact | null>;
  /** Every artifact's id, newest first. */
  artifactIds(): Promise<string[]>;
}

export function siteApi(apiUrl: string): SiteApi {
  const get = (path: string) => fetch(new URL(path, apiUrl), { signal: AbortSignal.timeout(API_TIMEOUT_MS) });
  return {
    async artifact(id) {
      const response = await get(artifactPath(id));
      // The API answers an id it cannot hold (not a UUID) with 400: no such artifact either.
      if (response.status === 404 || response.status === 400) return null;
      if (!response.ok) throw new Error(`the API answered ${response.status} for artifact ${id}`);
      return (await response.json()) as Artifact;
    },
    async artifactIds() {
      const ids: string[] = [];
      let cursor: string | null = null;
      do {
        const query = new URLSearchParams({ limit: String(LIST_PAGE), ...(cursor && { cursor }) });
        const response = await get(`${ARTIFACT_PATHS.search}?${query}`);
        if (!response.ok) throw new Error(`the API answered ${response.status} for the list of artifacts`);
        ids.push(...((await response.json()) as Artifact[]).map(({ _id }) => _id));
        cursor = response.headers.get('x-next-cursor');
      } while (cursor);
      return ids;
    },
  };
}
