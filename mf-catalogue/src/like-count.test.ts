import { describe, expect, it } from 'vitest';
import { likesText } from './like-count';

describe('likesText', () => {
  it('says one like in the singular and every other count in the plural', () => {
    expect(likesText(1)).toBe('1 like');
    expect(likesText(0)).toBe('0 likes');
    expect(likesText(2)).toBe('2 likes');
    expect(likesText(21)).toBe('21 likes');
  });
});
