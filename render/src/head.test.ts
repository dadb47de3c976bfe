import { describe, expect, it } from 'vitest';
import { artifactJsonLd, headHtml, scriptJson, shortDescription, type PageHead } from './head.ts';
import { artifact, HOSTILE_NAME } from './test/artifacts.ts';

const base: PageHead = {
  title: 'About - Heritage Vault',
  description: 'The site.',
  canonicalUrl: 'https://heritage.example/about',
  type: 'website',
  noindex: false,
};

/** The head's elements as the browser would read them. */
function parse(html: string) {
  const metas = Object.fromEntries(
    [...html.matchAll(/<meta (name|property)="([^"]+)" content="([^"]*)" \/>/g)].map(([, , key, value]) => [
      key!,
      value!,
    ]),
  );
  const scripts = [...html.matchAll(/<script[^>]*>([\s\S]*?)<\/script>/g)].map(([, body]) => body!);
  return { metas, scripts, title: /<title>([\s\S]*?)<\/title>/.exec(html)?.[1] };
}

describe('headHtml', () => {
  it('writes the title, description, canonical URL, Open Graph and Twitter card tags', () => {
    const html = headHtml(base);
    const { metas, title } = parse(html);
    expect(title).toBe('About - Heritage Vault');
    expect(html).toContain('<link rel="canonical" href="https://heritage.example/about" />');
    expect(metas).toEqual({
      description: 'The site.',
      'og:site_name': 'Heritage Vault',
      'og:type': 'website',
      'og:title': 'About - Heritage Vault',
      'og:description': 'The site.',
      'og:url': 'https://heritage.example/about',
      'twitter:card': 'summary',
      'twitter:title': 'About - Heritage Vault',
      'twitter:description': 'The site.',
    });
    expect(html).not.toContain('robots');
    expect(html).not.toContain('application/ld+json');
  });

  it('names an image for link previews, and keeps a page out of search engines when told', () => {
    const { metas } = parse(headHtml({ ...base, image: 'https://cdn.example/a.jpg', noindex: true }));
    expect(metas['og:image']).toBe('https://cdn.example/a.jpg');
    expect(metas['twitter:image']).toBe('https://cdn.example/a.jpg');
    expect(metas['twitter:card']).toBe('summary_large_image');
    expect(metas.robots).toBe('noindex');
  });

  it('escapes a hostile title in every element: nothing it holds becomes markup', () => {
    const html = headHtml({
      ...base,
      title: `${HOSTILE_NAME} - Heritage Vault`,
      jsonLd: { name: HOSTILE_NAME },
    });
    expect(html).not.toContain('<script>alert');
    expect(html).not.toContain('<!--');
    expect(html.match(/<\/script>/g)).toHaveLength(1);
    const { metas, scripts, title } = parse(html);
    expect(title).toBe(
      'Vase &lt;/script&gt;&lt;script&gt;alert(1)&lt;/script&gt; &lt;!-- &quot;quoted&quot; &amp; &#39;single&#39; - Heritage Vault',
    );
    expect(metas['og:title']).toBe(title);
    // The JSON-LD is still the same data once parsed.
    expect(scripts).toHaveLength(1);
    expect(JSON.parse(scripts[0]!)).toEqual({ name: HOSTILE_NAME });
  });
});

describe('scriptJson', () => {
  it('writes <, >, & and the line separators as \\u escapes, and parses back to the same value', () => {
    const value = { text: '</script><!-- a & b \u2028 \u2029' };
    const json = scriptJson(value);
    expect(json).not.toMatch(/[<>&\u2028\u2029]/);
    expect(JSON.parse(json)).toEqual(value);
  });
});

describe('artifactJsonLd', () => {
  it('describes an artifact as schema.org does: name, image, description, its date as text, where it is, who added it', () => {
    const url = 'https://heritage.example/artifact-details/0badc0de-0000-4000-8000-000000000001';
    expect(artifactJsonLd(artifact(), url, 'https://example.org/rosetta.jpg')).toEqual({
      '@context': 'https://schema.org',
      '@type': 'ArchiveComponent',
      '@id': url,
      url,
      name: 'Rosetta Stone',
      image: 'https://example.org/rosetta.jpg',
      description: 'A granodiorite stele inscribed with a decree in three scripts.',
      genre: 'Documents',
      dateCreated: '196 BC',
      itemLocation: { '@type': 'Place', name: 'British Museum, London' },
      creator: { '@type': 'Person', name: 'Ada Member' },
    });
  });
});

describe('shortDescription', () => {
  it('keeps a short text as it is, on one line', () => {
    expect(shortDescription('  A vase.\n\nFrom Crete.  ')).toBe('A vase. From Crete.');
  });

  it('cuts a long text at a word, with an ellipsis, within 200 characters', () => {
    const text = 'word '.repeat(100);
    const short = shortDescription(text);
    expect(short.length).toBeLessThanOrEqual(200);
    expect(short).toMatch(/ word…$/);
  });
});
