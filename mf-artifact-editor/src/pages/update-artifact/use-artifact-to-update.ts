import { useEffect, useState } from 'react';
import { type Artifact, fetchArtifact, toast, useNavigate } from 'shared-ui';
import { FETCH_FAILED } from './update-artifact-texts';

/**
 * The artifact to update, from GET /api/artifacts/{id}; null while it loads. A failed fetch toasts and sends the
 * member back to My Artifacts (spec section 8).
 */
export function useArtifactToUpdate(id: string | undefined): Artifact | null {
  const navigate = useNavigate();
  const [loaded, setLoaded] = useState<Artifact | null>(null);

  useEffect(() => {
    if (!id) return;
    const controller = new AbortController();
    fetchArtifact(id, controller.signal)
      .then(setLoaded)
      .catch(() => {
        if (controller.signal.aborted) return;
        toast.error(FETCH_FAILED);
        navigate('/my-artifacts', { replace: true });
      });
    return () => controller.abort();
  }, [id, navigate]);

  // Another id in the same page instance must not show the previous artifact.
  return loaded && loaded._id === id ? loaded : null;
}
