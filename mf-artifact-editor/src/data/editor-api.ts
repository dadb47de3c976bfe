/** The editor's writes to the API (spec section 7): add, update and delete a member's artifact. */
import {
  ApiError,
  apiRequest,
  artifactPath,
  newRequestKey,
  type Artifact,
  type ArtifactInput,
  type ArtifactUpdate,
  type MutationResult,
} from 'shared-ui';
import { ARTIFACT_PATHS } from 'artifact-model/api-paths';

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
  const result = await apiRequest<MutationResult>(artifactPath(id), { method: 'PATCH', body: update });
  if (!result.success) throw new ApiError(result.message, 200, result.message);
  return result;
}

export const deleteArtifact = (id: string) =>
  apiRequest<MutationResult>(artifactPath(id), { method: 'DELETE' });
