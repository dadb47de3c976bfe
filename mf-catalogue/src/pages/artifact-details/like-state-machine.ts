/**
 * The like state machine of spec section 4, per artifact and member: neutral, liked or disliked.
 *   neutral  --Like-->    liked     count +1
 *   disliked --Like-->    liked     count +1 (the spec says +2; the API counts one like per member: docs/decisions.md)
 *   liked    --Dislike--> disliked  count -1, never below 0
 * Everything else is refused: Like once liked (the button is disabled), Dislike from neutral (aria-disabled, saying why) and
 * Dislike once disliked (the button stays enabled but does nothing).
 */
import type { Vote } from 'shared-ui';

export type LikeState = 'neutral' | 'liked' | 'disliked';
export type VoteAction = 'like' | 'dislike';

export const likeStateOf = (vote: Vote | null | undefined): LikeState => vote ?? 'neutral';

/** The next state and count, or null when the transition is refused. */
export function applyVote(
  state: LikeState,
  action: VoteAction,
  count: number,
): { state: LikeState; count: number } | null {
  if (action === 'like') {
    if (state === 'liked') return null;
    return { state: 'liked', count: count + 1 };
  }
  if (state !== 'liked') return null;
  return { state: 'disliked', count: Math.max(0, count - 1) };
}

export interface VoteButtonsView {
  likeLabel: 'Like' | 'Liked';
  dislikeLabel: 'Dislike' | 'Disliked';
  likeDisabled: boolean;
  dislikeDisabled: boolean;
}

/** What the two buttons read and whether each is disabled, in a given state. */
export function voteButtons(state: LikeState): VoteButtonsView {
  return {
    likeLabel: state === 'liked' ? 'Liked' : 'Like',
    dislikeLabel: state === 'disliked' ? 'Disliked' : 'Dislike',
    likeDisabled: state === 'liked',
    dislikeDisabled: state === 'neutral',
  };
}
