import { useEffect, useState } from 'react';
import {
  ApiError,
  dislikeArtifact,
  errorMessage,
  fetchArtifact,
  likeArtifact,
  toast,
  useAuthStore,
  type Artifact,
} from 'shared-ui';
import {
  DISLIKE_FAILED,
  DISLIKED_TOAST,
  FETCH_DETAILS_FAILED,
  LIKE_FAILED,
  LIKED_TOAST,
  LOGIN_TO_DISLIKE,
  LOGIN_TO_LIKE,
} from './artifact-details-texts';
import { applyVote, likeStateOf, type LikeState, type VoteAction } from './like-state-machine';
import { storedLikeState, storeLikeState } from './vote-storage';

export type DetailsState =
  | { status: 'loading' }
  | { status: 'not-found' }
  | { status: 'error'; message: string }
  | { status: 'ready'; artifact: Artifact; likeState: LikeState };

/**
 * The server's record of this member's vote (`myVote`, sent with the bearer token) decides the like state, so
 * the same member sees the same state in any browser; the storage lists are brought in step with it. Without a
 * token (the standalone page) the storage lists are all there is.
 */
function adopt(artifact: Artifact): DetailsState {
  const known = artifact.myVote !== undefined;
  const likeState = known ? likeStateOf(artifact.myVote) : storedLikeState(artifact._id);
  if (known) storeLikeState(artifact._id, likeState);
  return { status: 'ready', artifact: { ...artifact, likeCount: artifact.likeCount ?? 0 }, likeState };
}

const isMissing = (error: unknown) => error instanceof ApiError && (error.status === 404 || error.status === 400);

/** One artifact with this member's like state, and the Like and Dislike actions of spec section 4. */
export function useArtifactDetails(id: string) {
  const user = useAuthStore((s) => s.user);
  const [attempt, setAttempt] = useState(0);
  const key = `${id}#${attempt}`;
  const [result, setResult] = useState<{ key: string; state: DetailsState } | null>(null);
  const [voting, setVoting] = useState(false);

  useEffect(() => {
    const controller = new AbortController();
    fetchArtifact(id, controller.signal).then(
      (artifact) => setResult({ key, state: adopt(artifact) }),
      (error: unknown) => {
        if (controller.signal.aborted) return;
        if (isMissing(error)) return setResult({ key, state: { status: 'not-found' } });
        const message = errorMessage(error, FETCH_DETAILS_FAILED);
        toast.error(message);
        setResult({ key, state: { status: 'error', message } });
      },
    );
    return () => controller.abort();
  }, [id, key]);

  const state: DetailsState = result?.key === key ? result.state : { status: 'loading' };

  /** After a refused vote the page was out of date (another browser voted): take the server's state again. */
  const resync = () => {
    fetchArtifact(id).then(
      (artifact) => setResult((latest) => (latest?.key === key ? { key, state: adopt(artifact) } : latest)),
      () => {},
    );
  };

  const vote = async (action: VoteAction) => {
    if (!user) {
      toast.error(action === 'like' ? LOGIN_TO_LIKE : LOGIN_TO_DISLIKE);
      return;
    }
    if (state.status !== 'ready' || voting) return;
    const expected = applyVote(state.likeState, action, state.artifact.likeCount);
    if (!expected) return;
    setVoting(true);
    try {
      const call = action === 'like' ? likeArtifact : dislikeArtifact;
      const response = await call(id, user.email ?? '');
      const likeState = response.myVote !== undefined ? likeStateOf(response.myVote) : expected.state;
      const likeCount = typeof response.likeCount === 'number' ? response.likeCount : expected.count;
      storeLikeState(id, likeState);
      setResult((latest) =>
        latest?.key === key && latest.state.status === 'ready'
          ? { key, state: { status: 'ready', likeState, artifact: { ...latest.state.artifact, likeCount } } }
          : latest,
      );
      toast.success(action === 'like' ? LIKED_TOAST : DISLIKED_TOAST);
    } catch (error) {
      // 401: the session is no longer valid on the server, which is the same as being signed out.
      if (error instanceof ApiError && error.status === 401) toast.error(action === 'like' ? LOGIN_TO_LIKE : LOGIN_TO_DISLIKE);
      else toast.error(errorMessage(error, action === 'like' ? LIKE_FAILED : DISLIKE_FAILED));
      if (error instanceof ApiError && error.status === 409) resync();
    } finally {
      setVoting(false);
    }
  };

  return {
    state,
    voting,
    like: () => vote('like'),
    dislike: () => vote('dislike'),
    retry: () => setAttempt((n) => n + 1),
  };
}
