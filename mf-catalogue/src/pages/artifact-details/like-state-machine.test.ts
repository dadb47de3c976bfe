import { describe, expect, it } from 'vitest';
import { applyVote, likeStateOf, voteButtons } from './like-state-machine';

describe('like state machine (spec section 4)', () => {
  it('neutral -> liked on Like, count +1', () => {
    expect(applyVote('neutral', 'like', 4)).toEqual({ state: 'liked', count: 5 });
  });

  it("disliked -> liked on Like, count +1: the member's like comes back, counted once", () => {
    expect(applyVote('disliked', 'like', 4)).toEqual({ state: 'liked', count: 5 });
  });

  it('liked -> disliked on Dislike, count -1', () => {
    expect(applyVote('liked', 'dislike', 4)).toEqual({ state: 'disliked', count: 3 });
  });

  it('never takes the count below 0', () => {
    expect(applyVote('liked', 'dislike', 0)).toEqual({ state: 'disliked', count: 0 });
  });

  it('refuses Like once liked, Dislike from neutral and Dislike once disliked', () => {
    expect(applyVote('liked', 'like', 4)).toBeNull();
    expect(applyVote('neutral', 'dislike', 4)).toBeNull();
    expect(applyVote('disliked', 'dislike', 4)).toBeNull();
  });

  it('labels and disables the buttons by state', () => {
    expect(voteButtons('neutral')).toEqual({
      likeLabel: 'Like',
      dislikeLabel: 'Dislike',
      likeDisabled: false,
      dislikeDisabled: true,
    });
    expect(voteButtons('liked')).toEqual({
      likeLabel: 'Liked',
      dislikeLabel: 'Dislike',
      likeDisabled: true,
      dislikeDisabled: false,
    });
    // Disliked: Dislike is not disabled but inert (applyVote refuses it).
    expect(voteButtons('disliked')).toEqual({
      likeLabel: 'Like',
      dislikeLabel: 'Disliked',
      likeDisabled: false,
      dislikeDisabled: false,
    });
  });

  it("reads the server's vote, null or missing meaning neutral", () => {
    expect(likeStateOf('liked')).toBe('liked');
    expect(likeStateOf('disliked')).toBe('disliked');
    expect(likeStateOf(null)).toBe('neutral');
    expect(likeStateOf(undefined)).toBe('neutral');
  });
});
