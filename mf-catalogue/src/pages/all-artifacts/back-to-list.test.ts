import { describe, expect, it } from 'vitest';
import { backToListUrl, listQueryOf } from './back-to-list';

describe("the way back to the list's search", () => {
  it('keeps the search, the type and the sort, and nothing the list does not know', () => {
    expect(
      backToListUrl({ fromList: listQueryOf({ term: 'bronze age', type: 'Weapons', sort: 'most-liked' }) }),
    ).toBe('/all-artifacts?q=bronze+age&type=Weapons&sort=most-liked');
    expect(backToListUrl({ fromList: '?sort=oldest&utm=x&type=Nope' })).toBe('/all-artifacts?sort=oldest');
  });

  it('is the unsearched list without a search, or with a state it cannot read', () => {
    expect(listQueryOf({ term: '', type: '', sort: '' })).toBe('');
    for (const state of [undefined, null, 'x', { fromList: 42 }, { fromList: '' }])
      expect(backToListUrl(state)).toBe('/all-artifacts');
  });
});
