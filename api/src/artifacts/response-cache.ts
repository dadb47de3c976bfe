/**
 * Serialized responses (or any value, such as a total) keyed by the collection version. An entry is used only while
 * the database's version is the one it was built at, so a write through any process invalidates it for every
 * process. Concurrent misses for one key share one build; gzip is computed once per entry, on first demand.
 * `sendCached` answers with one: its ETag (If-None-Match answers 304), and gzip when the client takes it.
 */
import { createHash } from 'node:crypto';
import { promisify } from 'node:util';
import { gzip } from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { varyOn } from '../http/vary.ts';

const gzipAsync = promisify(gzip);

export interface CachedResponse {
  body: Buffer;
  etag: string;
  headers: Record<string, string>;
  gzipped(): Promise<Buffer>;
}

export function makeCachedResponse(json: string, headers: Record<string, string> = {}): CachedResponse {
  const body = Buffer.from(json);
  const etag = `"${createHash('sha1').update(body).digest('base64url')}"`;
  let compressed: Promise<Buffer> | undefined;
  return {
    body,
    etag,
    headers,
    gzipped() {
      compressed ??= gzipAsync(body, { level: 6 });
      return compressed;
    },
  };
}

export class VersionedResponseCache<T = CachedResponse> {
  private version: string | undefined;
  private readonly entries = new Map<string, T>();
  private readonly building = new Map<string, Promise<T>>();
  private readonly maxEntries: number;

  constructor(maxEntries = 500) {
    this.maxEntries = maxEntries;
  }

  async get(version: string, key: string, build: () => Promise<T>): Promise<T> {
    if (version !== this.version) {
      this.version = version;
      this.entries.clear();
      this.building.clear();
    }
    const hit = this.entries.get(key);
    if (hit) return hit;
    const pending = this.building.get(key);
    if (pending) return pending;

    const promise = build().then(
      (response) => {
        // Store only if no newer version was seen while building.
        if (this.version === version) {
          if (this.entries.size >= this.maxEntries) {
            const oldest = this.entries.keys().next().value;
            if (oldest !== undefined) this.entries.delete(oldest);
          }
          this.entries.set(key, response);
          this.building.delete(key);
        }
        return response;
      },
      (error: unknown) => {
        if (this.version === version) this.building.delete(key);
        throw error;
      },
    );
    this.building.set(key, promise);
    return promise;
  }
}

function acceptsGzip(request: FastifyRequest): boolean {
  const header = request.headers['accept-encoding'];
  return typeof header === 'string' && /\bgzip\b/.test(header) && !/\bgzip;\s*q=0(?:\.0*)?\b/.test(header);
}

function etagMatches(request: FastifyRequest, etag: string): boolean {
  const header = request.headers['if-none-match'];
  if (!header) return false;
  return (
    header === '*' || header.split(',').some((candidate) => candidate.trim().replace(/^W\//, '') === etag)
  );
}

export async function sendCached(
  request: FastifyRequest,
  reply: FastifyReply,
  cached: CachedResponse,
): Promise<FastifyReply> {
  varyOn(reply.header('ETag', cached.etag).header('Cache-Control', 'no-cache'), 'Accept-Encoding');
  for (const [name, value] of Object.entries(cached.headers)) reply.header(name, value);
  if (etagMatches(request, cached.etag)) return reply.code(304).send();
  reply.type('application/json; charset=utf-8');
  if (cached.body.length > 1024 && acceptsGzip(request)) {
    reply.header('Content-Encoding', 'gzip');
    return reply.send(await cached.gzipped());
  }
  return reply.send(cached.body);
}
