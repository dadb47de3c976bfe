/**
 * The like state machine of spec section 4, per artifact and member: neutral, liked or disliked.
 *   neutral, disliked --Like-->    liked
 *   liked             --Dislike--> disliked
 * Everything else is refused. The count shown is the server's answer (docs/decisions.md, Likes).
 */
import type { Vote } from 'shared-ui';

export type LikeState = 'neutral' | 'liked' | 'disliked';
export type VoteAction = 'like' | 'dislike';

export const likeStateOf = (vote: Vote | null | undefined): LikeState => vote ?? 'neutral';

/** Whether `action` is a transition out of `state` rather than refused. */
export const canVote = (state: LikeState, action: VoteAction): boolean =>
  action === 'like' ? state !== 'liked' : state === 'liked';
