/** The editor's writes to the API (spec section 7): add, update and delete a member's artifact. */
import {
  ApiError,
  apiRequest,
  newRequestKey,
  type Artifact,
  type ArtifactInput,
  type ArtifactUpdate,
  type MutationResult,
} from 'shared-ui';
import { ARTIFACT_PATHS, artifactPath } from 'artifact-model/api-paths';

/** The spec treats `success: false` on a 2xx like a failed call. */
function succeeded<T extends MutationResult>(result: T): T {
  if (!result.success) throw new ApiError(result.message, 200, result.message);
  return result;
}

/**
 * One submit of the Add form: one Idempotency-Key, so the API stores the artifact once however often the request
 * reaches it. When the answer is lost on the way (no response at all), the call is sent once more with the same key:
 * the API then answers the first result, or creates it if the first never arrived.
 */
export async function createArtifact(input: ArtifactInput) {
  const send = { method: 'POST', body: input, headers: { 'Idempotency-Key': newRequestKey() } } as const;
  const post = () => apiRequest<MutationResult & { artifact?: Artifact }>(ARTIFACT_PATHS.search, send);
  const result = await post().catch((error: unknown) => {
    if (error instanceof ApiError && error.status === 0) return post();
    throw error;
  });
  return succeeded(result);
}

export const updateArtifact = async (id: string, update: ArtifactUpdate) =>
  succeeded(await apiRequest<MutationResult>(artifactPath(id), { method: 'PATCH', body: update }));

export const deleteArtifact = (id: string) =>
  apiRequest<MutationResult>(artifactPath(id), { method: 'DELETE' });
