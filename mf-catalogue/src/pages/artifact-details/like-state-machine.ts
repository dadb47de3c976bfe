/**
 * The like state machine of spec section 4, per artifact and member: neutral, liked or disliked.
 *   neutral, disliked --Like-->    liked
 *   liked             --Dislike--> disliked
 * The count shown is the server's answer (one like per member, where the spec says +2 from disliked:
 * docs/decisions.md). Everything else is refused: Like once liked (the button is disabled), Dislike from neutral
 * (aria-disabled, saying why) and Dislike once disliked (the button stays enabled but does nothing).
 */
import type { Vote } from 'shared-ui';

export type LikeState = 'neutral' | 'liked' | 'disliked';
export type VoteAction = 'like' | 'dislike';

export const likeStateOf = (vote: Vote | null | undefined): LikeState => vote ?? 'neutral';

/** Whether `action` is a transition out of `state` rather than refused. */
export const canVote = (state: LikeState, action: VoteAction): boolean =>
  action === 'like' ? state !== 'liked' : state === 'liked';
