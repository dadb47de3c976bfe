import { describe, expect, it } from 'vitest';
import { fitsSample, mark, markedRecord, pictureFor, urlMark, type Picture } from './picture';

const liked: Picture = {
  sample: { data: markedRecord('data', ['name', 'likeCount'], { myVote: 'liked' }) },
  html: `<h1 title="${mark('data.name')}">${mark('data.name')}</h1><button aria-pressed="true">Liked</button><p>${mark('data.likeCount')} likes</p>`,
};
const neutral: Picture = {
  sample: { data: markedRecord('data', ['name', 'likeCount'], { myVote: null }) },
  html: `<h1>${mark('data.name')}</h1><button aria-pressed="false">Like</button><p>${mark('data.likeCount')} likes</p>`,
};

describe('pictures with data', () => {
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
    const list = (data: unknown) => fitsSample({ data: [markedRecord('data.0', ['name'])] }, { data });
    expect(list([{ name: 'Stone', more: 1 }])).toBe(true);
    expect(list([])).toBe(false);
    expect(list([{ name: 'Stone' }, { name: 'Vase' }])).toBe(false);
    expect(fitsSample([], [])).toBe(true);
    expect(fitsSample({ x: mark('x') }, { x: Number.NaN })).toBe(false);
    expect(fitsSample({ x: mark('x') }, { x: { name: 'object' } })).toBe(false);
    expect(fitsSample(null, undefined)).toBe(false);
  });

  it('fits a mark placed away from its path only to the same text there: the adder is the member', () => {
    const owned = {
      member: markedRecord('member', ['email']),
      data: markedRecord('data', ['name'], { adderEmail: mark('member.email') }),
    };
    const member = { email: 'ada@example.org' };
    expect(fitsSample(owned, { member, data: { name: 'Stone', adderEmail: 'ada@example.org' } })).toBe(true);
    expect(fitsSample(owned, { member, data: { name: 'Stone', adderEmail: 'bob@example.org' } })).toBe(false);
    expect(fitsSample(owned, { member: null, data: { name: 'Stone', adderEmail: 'ada@example.org' } })).toBe(
      false,
    );
  });

  it('fits a URL mark to an http(s) URL only, and draws it as that URL', () => {
    const preview: Picture = {
      sample: { data: { image: urlMark('data.image') } },
      html: `<img src="${urlMark('data.image')}" alt="">`,
    };
    expect(urlMark('data.image')).toMatch(/^https:\/\/[\w.]+\.invalid\//);
    const image = 'https://example.org/a.jpg?w=1&h=2';
    expect(pictureFor([preview], { data: { image } })).toBe(
      '<img src="https://example.org/a.jpg?w=1&amp;h=2" alt="">',
    );
    for (const other of ['ftp://example.org/a.jpg', 'javascript:alert(1)', '/images/a.webp', 'a.jpg', ''])
      expect(pictureFor([preview], { data: { image: other } })).toBeNull();
  });
});
