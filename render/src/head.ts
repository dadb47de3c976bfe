/**
 * What a page says to machines, written into its head on the server: the document title, a description, the
 * canonical URL, Open Graph and Twitter card tags (link previews), robots, and an artifact's schema.org JSON-LD.
 * Pure: text in, HTML out; everything taken from data is escaped here.
 */
import type { Artifact } from 'artifact-model';

export const SITE_NAME = 'Heritage Vault';
/** The site's description (as index.html has it), for every page without one of its own. */
export const SITE_DESCRIPTION =
  'Heritage Vault preserves history one artifact at a time: browse, search and share historical artifacts.';
/** Link previews and search results cut a description about here. */
const DESCRIPTION_MAX = 200;

export interface PageHead {
  /** The whole document title ('All Artifacts - Heritage Vault'). */
  title: string;
  description: string;
  canonicalUrl: string;
  /** An absolute URL: the picture of a link preview. */
  image?: string;
  /** Open Graph's type: an artifact's page is an article, the rest the website. */
  type: 'website' | 'article';
  /** Members' pages and error pages are kept out of search engines. */
  noindex: boolean;
  /** Structured data (schema.org), written as JSON-LD. */
  jsonLd?: Record<string, unknown>;
}

const ENTITIES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};
export const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => ENTITIES[c]!);

/**
 * JSON inside a <script>: `<`, `>` and `&` as \u escapes, so no `</script>` or `<!--` in a name ends or bends the
 * element, and U+2028/2029 too (JSON allows them raw, older JavaScript parsers did not). Still the same JSON.
 */
export const scriptJson = (data: unknown) =>
  JSON.stringify(data).replace(
    /[<>&\u2028\u2029]/g,
    (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`,
  );

/** A description of at most DESCRIPTION_MAX characters, on one line, cut at a word with an ellipsis. */
export function shortDescription(text: string): string {
  const line = text.replace(/\s+/g, ' ').trim();
  if (line.length <= DESCRIPTION_MAX) return line;
  const cut = line.slice(0, DESCRIPTION_MAX - 1);
  return `${cut.slice(0, cut.lastIndexOf(' ') > 0 ? cut.lastIndexOf(' ') : cut.length)}…`;
}

/** The head's tags, in the order a reader expects them. */
export function headHtml(head: PageHead): string {
  const meta = (attribute: 'name' | 'property', key: string, value: string) =>
    `<meta ${attribute}="${key}" content="${escapeHtml(value)}" />`;
  const tags = [
    `<title>${escapeHtml(head.title)}</title>`,
    meta('name', 'description', head.description),
    ...(head.noindex ? [meta('name', 'robots', 'noindex')] : []),
    `<link rel="canonical" href="${escapeHtml(head.canonicalUrl)}" />`,
    meta('property', 'og:site_name', SITE_NAME),
    meta('property', 'og:type', head.type),
    meta('property', 'og:title', head.title),
    meta('property', 'og:description', head.description),
    meta('property', 'og:url', head.canonicalUrl),
    ...(head.image ? [meta('property', 'og:image', head.image)] : []),
    meta('name', 'twitter:card', head.image ? 'summary_large_image' : 'summary'),
    meta('name', 'twitter:title', head.title),
    meta('name', 'twitter:description', head.description),
    ...(head.image ? [meta('name', 'twitter:image', head.image)] : []),
    ...(head.jsonLd ? [`<script type="application/ld+json">${scriptJson(head.jsonLd)}</script>`] : []),
  ];
  return tags.map((tag) => `    ${tag}\n`).join('');
}

/** An absolute URL for an artifact's image (members paste absolute ones; anything else is read from the site). */
export const absoluteUrl = (url: string, base: string) => new URL(url, base).href;

/**
 * An artifact as schema.org sees it: an ArchiveComponent (a CreativeWork held by an archive), whose itemLocation is
 * where it is now. Its dates are the member's text ('100 BC'), as schema.org's Text form of a date allows.
 */
export function artifactJsonLd(artifact: Artifact, url: string, image: string): Record<string, unknown> {
  return {
    '@context': 'https://schema.org',
    '@type': 'ArchiveComponent',
    '@id': url,
    url,
    name: artifact.name,
    image,
    description: artifact.description,
    genre: artifact.type,
    dateCreated: artifact.createdAt,
    itemLocation: { '@type': 'Place', name: artifact.presentLocation },
    creator: { '@type': 'Person', name: artifact.adderName },
  };
}
