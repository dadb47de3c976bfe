/**
 * What the render service asks the API: the member of a page session, one artifact for its page, every artifact for
 * the sitemap.
 */
import type { Artifact } from 'artifact-model';
import { ARTIFACT_PATHS, artifactPath, PAGE_SESSION_PATH } from 'artifact-model/api-paths';
import type { AccountProfile } from 'artifact-model/member-data';

/**
 * A page never waits longer than this for the API: past it, the page is sent without the artifact's tags, or
 * client-rendered when it was its member that could not be known.
 */
const API_TIMEOUT_MS = 1500;
/** The API's largest page of a listing. */
const LIST_PAGE = 100;

export interface SiteApi {
  /** The member a page session cookie names, or null when the API refuses it (401). Throws when it cannot answer. */
  memberOf(session: string): Promise<AccountProfile | null>;
  /** The artifact, or null when the API says there is none (404). Throws when the API cannot answer. */
  artifact(id: string): Promise<Artifact | null>;
  /** Every artifact's id, newest first. */
  artifactIds(): Promise<string[]>;
}

export function siteApi(apiUrl: string): SiteApi {
  const get = (path: string, headers?: Record<string, string>) =>
    fetch(new URL(path, apiUrl), { headers, signal: AbortSignal.timeout(API_TIMEOUT_MS) });
  return {
    async memberOf(session) {
      const response = await get(PAGE_SESSION_PATH, { Authorization: `Session ${session}` });
      if (response.status === 401) return null;
      if (!response.ok) throw new Error(`the API answered ${response.status} for a page session`);
      return (await response.json()) as AccountProfile;
    },
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
