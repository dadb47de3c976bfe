import { describe, expect, it } from 'vitest';
import { canVote, likeStateOf } from './like-state-machine';

describe('like state machine (spec section 4)', () => {
  it('allows Like from neutral and from disliked', () => {
    expect(canVote('neutral', 'like')).toBe(true);
    expect(canVote('disliked', 'like')).toBe(true);
  });

  it('allows Dislike from liked', () => {
    expect(canVote('liked', 'dislike')).toBe(true);
  });

  it('refuses Like once liked, Dislike from neutral and Dislike once disliked', () => {
    expect(canVote('liked', 'like')).toBe(false);
    expect(canVote('neutral', 'dislike')).toBe(false);
    expect(canVote('disliked', 'dislike')).toBe(false);
  });

  it("reads the server's vote, null or missing meaning neutral", () => {
    expect(likeStateOf('liked')).toBe('liked');
    expect(likeStateOf('disliked')).toBe('disliked');
    expect(likeStateOf(null)).toBe('neutral');
    expect(likeStateOf(undefined)).toBe('neutral');
  });
});
