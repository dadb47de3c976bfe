import {
  ApiError,
  artifactsChanged,
  errorMessage,
  queryClient,
  sharedQueries,
  toast,
  useAuthStore,
  useMutation,
  useQuery,
  type Artifact,
} from 'shared-ui';
import { dislikeArtifact, likeArtifact } from '../../data/catalogue-api';
import {
  DISLIKE_FAILED,
  DISLIKED_TOAST,
  FETCH_DETAILS_FAILED,
  LIKE_FAILED,
  LIKED_TOAST,
  DISLIKE_NEEDS_LIKE,
  LOGIN_TO_DISLIKE,
  LOGIN_TO_LIKE,
} from './artifact-details-texts';
import { canVote, likeStateOf, type LikeState, type VoteAction } from './like-state-machine';

export type DetailsState =
  | { status: 'loading' }
  | { status: 'not-found' }
  | { status: 'error'; message: string }
  | { status: 'ready'; artifact: Artifact; likeState: LikeState };

const isMissing = (error: unknown) =>
  error instanceof ApiError && (error.status === 404 || error.status === 400);

/** The artifact as `viewer` sees it (their vote); Update Artifact reads the same query, so one cache serves both. */
export const detailsQuery = (id: string, viewer: string | undefined) =>
  sharedQueries.artifact(id, viewer, { fallback: FETCH_DETAILS_FAILED, quietWhen: isMissing });

/** One artifact with this member's like state, and the Like and Dislike actions of spec section 4. */
export function useArtifactDetails(id: string) {
  const user = useAuthStore((s) => s.user);
  const details = detailsQuery(id, user?.uid);
  const query = useQuery(details);

  const vote = useMutation({
    mutationFn: (action: VoteAction) =>
      (action === 'like' ? likeArtifact : dislikeArtifact)(id, user?.email ?? ''),
    onSuccess: (response, action) => {
      const shown = query.data;
      if (!shown) return;
      queryClient.setQueryData(details.queryKey, {
        ...shown,
        likeCount: response.likeCount,
        myVote: response.myVote,
      });
      // The liked list, Home's most-liked and every list's counts; this page has the answer already.
      void artifactsChanged(details.queryKey);
      toast.success(action === 'like' ? LIKED_TOAST : DISLIKED_TOAST);
    },
    onError: (error, action) => {
      // 401: the session is no longer valid on the server, which is the same as being signed out.
      if (error instanceof ApiError && error.status === 401)
        toast.error(action === 'like' ? LOGIN_TO_LIKE : LOGIN_TO_DISLIKE);
      else toast.error(errorMessage(error, action === 'like' ? LIKE_FAILED : DISLIKE_FAILED));
      // A refusal means the page was out of date (another browser voted): take the server's state again.
      if (error instanceof ApiError && error.status === 409)
        void queryClient.invalidateQueries({ queryKey: details.queryKey });
    },
  });

  // The server's record of this member's vote (`myVote`, sent with the bearer token) is the like state, and the only
  // copy of it: the same member sees the same state in any browser. Without a token there is no vote to show.
  const state: DetailsState = query.data
    ? { status: 'ready', artifact: query.data, likeState: likeStateOf(query.data.myVote) }
    : query.isError
      ? isMissing(query.error)
        ? { status: 'not-found' }
        : { status: 'error', message: errorMessage(query.error, FETCH_DETAILS_FAILED) }
      : { status: 'loading' };

  // Dislike from neutral is refused (spec section 4); the member hears why rather than nothing.
  const dislikeRefusal = !user
    ? LOGIN_TO_DISLIKE
    : state.status === 'ready' && state.likeState === 'neutral'
      ? DISLIKE_NEEDS_LIKE
      : null;

  const cast = (action: VoteAction) => {
    if (!user) return toast.error(action === 'like' ? LOGIN_TO_LIKE : LOGIN_TO_DISLIKE);
    if (state.status !== 'ready' || vote.isPending) return;
    if (canVote(state.likeState, action)) vote.mutate(action);
    else if (action === 'dislike' && dislikeRefusal) toast.error(dislikeRefusal);
  };

  return {
    state,
    voting: vote.isPending,
    dislikeRefusal,
    like: () => cast('like'),
    dislike: () => cast('dislike'),
    retry: () => void queryClient.resetQueries({ queryKey: details.queryKey }),
  };
}
