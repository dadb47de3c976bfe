/** The catalogue's calls to the API (spec section 7, and the server's search and paging beyond it). */
import {
  apiFetch,
  ApiError,
  apiRequest,
  artifactPath,
  newRequestKey,
  type Artifact,
  type ArtifactType,
  type MutationResult,
  type Vote,
} from 'shared-ui';
import { ARTIFACT_PATHS, CONTACT_PATH } from 'artifact-model/api-paths';
import type { ContactMessage } from 'artifact-model/contact-message';
import { SEARCH_PAGE_HEADERS, type ArtifactSort } from 'artifact-model/search-page';

export const fetchTopLikedArtifacts = (signal?: AbortSignal) =>
  apiRequest<Artifact[]>(ARTIFACT_PATHS.topLiked, { signal, withToken: false });

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
  const { data, headers } = await apiFetch<Artifact[]>(`${ARTIFACT_PATHS.search}?${params}`, {
    signal,
    withToken: false,
  });
  return {
    items: data,
    total: Number(headers.get(SEARCH_PAGE_HEADERS.total) ?? data.length),
    nextCursor: headers.get(SEARCH_PAGE_HEADERS.nextCursor) || null,
  };
}

export interface VoteResult extends MutationResult {
  likeCount: number;
  myVote: Vote | null;
}

export const likeArtifact = (id: string, userEmail: string) =>
  apiRequest<VoteResult>(`${artifactPath(id)}/like`, { method: 'PATCH', body: { userEmail } });

export const dislikeArtifact = (id: string, userEmail: string) =>
  apiRequest<VoteResult>(`${artifactPath(id)}/dislike`, { method: 'PATCH', body: { userEmail } });

/**
 * Sends a Contact message: one Idempotency-Key per submit, so a message whose answer was lost on the way (no response
 * at all) is sent once more with the same key and stored once. Resolves with the server's words once it has it.
 */
export async function sendContactMessage(message: ContactMessage): Promise<MutationResult> {
  const send = {
    method: 'POST',
    body: message,
    withToken: false,
    headers: { 'Idempotency-Key': newRequestKey() },
  } as const;
  return apiRequest<MutationResult>(CONTACT_PATH, send).catch((error: unknown) => {
    if (error instanceof ApiError && error.status === 0)
      return apiRequest<MutationResult>(CONTACT_PATH, send);
    throw error;
  });
}
