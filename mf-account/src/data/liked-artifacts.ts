/** The member's liked artifacts (GET /artifacts/liked/me): Liked Artifacts' list, and the Profile's count of it. */
import { apiRequest, artifactKeys, queryOptions, type Artifact, type ErrorToast } from 'shared-ui';
import { ARTIFACT_PATHS } from 'artifact-model/api-paths';

export const fetchMyLikedArtifacts = (signal?: AbortSignal) =>
  apiRequest<Artifact[]>(ARTIFACT_PATHS.likedByMe, { signal });

export const likedArtifactsQuery = (uid: string | undefined, errorToast: ErrorToast) =>
  queryOptions({
    queryKey: artifactKeys.liked(uid),
    queryFn: ({ signal }) => fetchMyLikedArtifacts(signal),
    // Without a member the call would only be refused: wait for the shell to have one.
    enabled: !!uid,
    meta: { errorToast },
  });
