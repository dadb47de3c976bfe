import { describe, expect, it } from 'vitest';
import { fitsSample, mark, markedRecord, pictureFor, type DataPicture } from './data-picture';

const liked: DataPicture = {
  sample: { data: markedRecord('data', ['name', 'likeCount'], { myVote: 'liked' }) },
  html: `<h1 title="${mark('data.name')}">${mark('data.name')}</h1><button aria-pressed="true">Liked</button><p>${mark('data.likeCount')} likes</p>`,
};
const neutral: DataPicture = {
  sample: { data: markedRecord('data', ['name', 'likeCount'], { myVote: null }) },
  html: `<h1>${mark('data.name')}</h1><button aria-pressed="false">Like</button><p>${mark('data.likeCount')} likes</p>`,
};

describe('data pictures', () => {
  it('takes the first picture whose fixed values the answer has, and fills in its texts', () => {
    const data = { name: 'Rosetta Stone', likeCount: 3, myVote: null, extra: 'not shown' };
    expect(pictureFor([liked, neutral], { data })).toBe(
      '<h1>Rosetta Stone</h1><button aria-pressed="false">Like</button><p>3 likes</p>',
    );
    expect(pictureFor([liked, neutral], { data: { ...data, myVote: 'liked' } })).toContain(
      '<button aria-pressed="true">Liked</button><p>3 likes</p>',
    );
  });

  it('escapes each text for HTML text and quoted attributes, and never reads a text for marks', () => {
    const name = `<img src=x onerror="alert(1)"> & 'quotes' ${mark('data.likeCount')}`;
    const html = pictureFor([liked], { data: { name, likeCount: 7, myVote: 'liked' } })!;
    expect(html).toBe(
      '<h1 title="&lt;img src=x onerror=&quot;alert(1)&quot;&gt; &amp; &#39;quotes&#39; __HV_data.likeCount__">' +
        '&lt;img src=x onerror=&quot;alert(1)&quot;&gt; &amp; &#39;quotes&#39; __HV_data.likeCount__</h1>' +
        '<button aria-pressed="true">Liked</button><p>7 likes</p>',
    );
    const parsed = new DOMParser().parseFromString(html, 'text/html');
    expect(parsed.querySelector('img')).toBeNull();
    expect(parsed.querySelector('h1')!.textContent).toBe(name);
    expect(parsed.querySelector('h1')!.title).toBe(name);
  });

  it('draws nothing for an answer no sample fits: a missing or empty text, another vote, another shape', () => {
    const pictures = [liked, neutral];
    expect(pictureFor(pictures, { data: { name: 'Stone', likeCount: 1, myVote: 'disliked' } })).toBeNull();
    expect(pictureFor(pictures, { data: { name: '', likeCount: 1, myVote: null } })).toBeNull();
    expect(pictureFor(pictures, { data: { likeCount: 1, myVote: null } })).toBeNull();
    expect(pictureFor(pictures, { data: [{ name: 'Stone' }] })).toBeNull();
    expect(pictureFor(pictures, { data: null })).toBeNull();
  });

  it('fits arrays by length and records by the keys the sample names', () => {
    const item = markedRecord('data.0', ['name']);
    expect(fitsSample([item], [{ name: 'Stone', more: 1 }])).toBe(true);
    expect(fitsSample([item], [])).toBe(false);
    expect(fitsSample([item], [{ name: 'Stone' }, { name: 'Vase' }])).toBe(false);
    expect(fitsSample([], [])).toBe(true);
    expect(fitsSample(mark('x'), Number.NaN)).toBe(false);
    expect(fitsSample(mark('x'), { name: 'object' })).toBe(false);
    expect(fitsSample(null, undefined)).toBe(false);
  });
});
