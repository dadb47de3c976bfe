import { useEffect } from 'react';
import { sharedQueries, useAuthStore, useNavigate, useQuery, type Artifact } from 'shared-ui';
import { FETCH_FAILED } from './update-artifact-texts';

/** GET /api/artifacts/{id}: the details page's query (the kit's sharedQueries), so one cache serves both; failing, it toasts the spec's text. */
export const artifactToUpdateQuery = (id: string, viewer: string | undefined) =>
  sharedQueries.artifact(id, viewer, { fallback: FETCH_FAILED, exact: true });

/** The artifact to update; null while it loads. A failed fetch toasts and returns to My Artifacts (spec section 8). */
export function useArtifactToUpdate(id: string | undefined): Artifact | null {
  const navigate = useNavigate();
  const uid = useAuthStore((s) => s.user?.uid);
  const query = useQuery({ ...artifactToUpdateQuery(id ?? '', uid), enabled: !!id });

  useEffect(() => {
    if (query.isError) navigate('/my-artifacts', { replace: true });
  }, [query.isError, navigate]);

  return query.data ?? null;
}
