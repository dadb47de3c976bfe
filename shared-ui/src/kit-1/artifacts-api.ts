/**
 * Kit 1.6's API calls, which the remotes' releases built against it import from the kit (a release built against
 * ^1.6 runs on this kit). The remotes now make their own calls (src/data/ in each); nothing in this repository
 * imports these (a lint rule), and kit 2.0.0 removes them. Frozen: change the remotes' calls, not these.
 */
import type {
  Artifact,
  ArtifactInput,
  ArtifactType,
  ArtifactUpdate,
  MutationResult,
  Vote,
} from 'artifact-model';
import { ARTIFACT_PATHS, artifactPath as byId } from 'artifact-model/api-paths';
import { SEARCH_PAGE_HEADERS } from 'artifact-model/search-page';
import { ApiError, apiFetch, apiRequest, newRequestKey } from '../api/api-client';

export const fetchTopLikedArtifacts = (signal?: AbortSignal) =>
  apiRequest<Artifact[]>(ARTIFACT_PATHS.topLiked, { signal, withToken: false });

export const fetchAllArtifacts = (signal?: AbortSignal) =>
  apiRequest<Artifact[]>(ARTIFACT_PATHS.search, { signal, withToken: false });

export type ArtifactSort = 'newest' | 'oldest' | 'name' | 'most-liked';

export interface ArtifactSearch {
  q?: string;
  type?: ArtifactType | '';
  sort?: ArtifactSort;
  limit?: number;
  cursor?: string | null;
}

export interface ArtifactPage {
  items: Artifact[];
  total: number;
  nextCursor: string | null;
}

/** Server-side search and paging (beyond the spec): same route, page info in headers, body still an array. */
export async function searchArtifacts(search: ArtifactSearch, signal?: AbortSignal): Promise<ArtifactPage> {
  const params = new URLSearchParams();
  if (search.q?.trim()) params.set('q', search.q.trim());
  if (search.type) params.set('type', search.type);
  if (search.sort) params.set('sort', search.sort);
  if (search.limit) params.set('limit', String(search.limit));
  if (search.cursor) params.set('cursor', search.cursor);
  const { data, headers } = await apiFetch<Artifact[]>(`/artifacts?${params}`, { signal, withToken: false });
  return {
    items: data,
    total: Number(headers.get(SEARCH_PAGE_HEADERS.total) ?? data.length),
    nextCursor: headers.get(SEARCH_PAGE_HEADERS.nextCursor) || null,
  };
}

export const fetchMyLikedArtifacts = (signal?: AbortSignal) =>
  apiRequest<Artifact[]>(ARTIFACT_PATHS.likedByMe, { signal });

/**
 * One submit of the Add form: one Idempotency-Key, so the API stores the artifact once however often the request
 * reaches it. When the answer is lost on the way (no response at all), the call is sent once more with the same key:
 * the API then answers the first result, or creates it if the first never arrived.
 */
export async function createArtifact(
  input: ArtifactInput,
): Promise<MutationResult & { artifact?: Artifact }> {
  const send = { method: 'POST', body: input, headers: { 'Idempotency-Key': newRequestKey() } } as const;
  const result = await apiRequest<MutationResult & { artifact?: Artifact }>(
    ARTIFACT_PATHS.search,
    send,
  ).catch((error: unknown) => {
    if (error instanceof ApiError && error.status === 0)
      return apiRequest<MutationResult & { artifact?: Artifact }>(ARTIFACT_PATHS.search, send);
    throw error;
  });
  // The spec treats `success: false` on a 2xx like a failed call.
  if (!result.success) throw new ApiError(result.message, 200, result.message);
  return result;
}

export async function updateArtifact(id: string, update: ArtifactUpdate): Promise<MutationResult> {
  const result = await apiRequest<MutationResult>(byId(id), { method: 'PATCH', body: update });
  if (!result.success) throw new ApiError(result.message, 200, result.message);
  return result;
}

export const deleteArtifact = (id: string) => apiRequest<MutationResult>(byId(id), { method: 'DELETE' });

export interface VoteResult extends MutationResult {
  likeCount: number;
  myVote: Vote | null;
}

export const likeArtifact = (id: string, userEmail: string) =>
  apiRequest<VoteResult>(`${byId(id)}/like`, { method: 'PATCH', body: { userEmail } });

export const dislikeArtifact = (id: string, userEmail: string) =>
  apiRequest<VoteResult>(`${byId(id)}/dislike`, { method: 'PATCH', body: { userEmail } });
