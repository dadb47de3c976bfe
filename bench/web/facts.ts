/**
 * Facts about how the site is served, read once from the first unthrottled load of every route: cache headers
 * of hashed files versus entry files, and compression.
 */
import { REMOTES, type RemoteName } from 'site-config/apps';
import { stackUrls } from '../../stack/stack.ts';
import type { RecordedRequest } from './critical-path.ts';

export type FileKind = 'document' | 'entry' | 'hashed' | 'api data' | 'CORS preflight' | 'other';

export interface ServingRow {
  server: string;
  kind: FileKind;
  files: number;
  cacheControl: string[];
  /** Compressible responses (JS, CSS, HTML, JSON, SVG) with a body over 1 KB (1024 bytes, vite's threshold). */
  compressible: number;
  compressed: number;
  encodings: string[];
}

export interface ServingFacts {
  rows: ServingRow[];
  /** Hashed files without a long-lived immutable cache header. */
  hashedNotImmutable: string[];
  /** Entry files (documents, remoteEntry.js, manifests, remotes.json) that a cache may keep without asking. */
  entriesCacheable: string[];
  /** Compressible responses over 1 KB sent uncompressed. */
  uncompressed: Array<{ url: string; bytes: number }>;
}

const ENTRY = /\/(remoteEntry\.js|mf-manifest\.json|remotes\.json|mf-stats\.json)$/;
/** A content hash in the name (vite: 8 characters before the extension) or a version query (the API's images). */
const HASHED = /[-.][A-Za-z0-9_-]{8}\.(js|mjs|css|webp|png|jpe?g|svg|woff2?|avif)$/;

export function serverOf(url: string): string {
  const urls = stackUrls();
  const origin = new URL(url).origin;
  if (origin === urls.shell) return 'shell';
  if (origin === urls.api) return 'api';
  if (origin === `http://${urls.authEmulator}`) return 'auth emulator';
  const remote = (Object.keys(REMOTES) as RemoteName[]).find((name) => urls.remote(name) === origin);
  return remote ?? origin;
}

function kindOf(request: RecordedRequest): FileKind {
  const { pathname, searchParams } = new URL(request.url);
  if (request.resourceType === 'Document') return 'document';
  if (request.resourceType === 'Preflight' || request.method === 'OPTIONS') return 'CORS preflight';
  if (ENTRY.test(pathname)) return 'entry';
  if (HASHED.test(pathname) || searchParams.has('v')) return 'hashed';
  if (
    /json/.test(request.mimeType ?? '') ||
    request.resourceType === 'Fetch' ||
    request.resourceType === 'XHR'
  )
    return 'api data';
  return 'other';
}

const COMPRESSIBLE = /javascript|ecmascript|css|html|json|svg|xml|text\//;

export function servingFacts(requests: RecordedRequest[]): ServingFacts {
  const byUrl = new Map<string, RecordedRequest>();
  for (const r of requests)
    if (!r.failed && r.status !== null && r.transferBytes !== null && !byUrl.has(r.url)) byUrl.set(r.url, r);
  const rows = new Map<string, ServingRow>();
  const facts: ServingFacts = { rows: [], hashedNotImmutable: [], entriesCacheable: [], uncompressed: [] };
  for (const r of byUrl.values()) {
    const server = serverOf(r.url);
    if (server === 'auth emulator') continue;
    const kind = kindOf(r);
    const key = `${server}|${kind}`;
    const row = rows.get(key) ?? {
      server,
      kind,
      files: 0,
      cacheControl: [],
      compressible: 0,
      compressed: 0,
      encodings: [],
    };
    row.files += 1;
    const cacheControl = r.cacheControl ?? '(none)';
    if (!row.cacheControl.includes(cacheControl)) row.cacheControl.push(cacheControl);
    // Uncompressed answers carry their Content-Length; compressed ones are over the threshold by construction.
    const bodyBytes = r.contentEncoding
      ? Number.POSITIVE_INFINITY
      : (r.contentLength ?? r.transferBytes ?? 0);
    if (COMPRESSIBLE.test(r.mimeType ?? '') && bodyBytes > 1024) {
      row.compressible += 1;
      if (r.contentEncoding) {
        row.compressed += 1;
        if (!row.encodings.includes(r.contentEncoding)) row.encodings.push(r.contentEncoding);
      } else {
        facts.uncompressed.push({ url: r.url, bytes: bodyBytes });
      }
    }
    rows.set(key, row);
    if (
      kind === 'hashed' &&
      !/immutable/.test(r.cacheControl ?? '') &&
      !/max-age=(\d{7,})/.test(r.cacheControl ?? '')
    ) {
      facts.hashedNotImmutable.push(`${r.url} (${cacheControl})`);
    }
    if (
      (kind === 'document' || kind === 'entry') &&
      !/no-cache|no-store|max-age=0/.test(r.cacheControl ?? '')
    ) {
      facts.entriesCacheable.push(`${r.url} (${cacheControl})`);
    }
  }
  facts.rows = [...rows.values()].sort(
    (a, b) => a.server.localeCompare(b.server) || a.kind.localeCompare(b.kind),
  );
  return facts;
}
