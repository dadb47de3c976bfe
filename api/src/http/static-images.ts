/**
 * The starter images ship in api/public/images and are served from memory with long-lived caching. URLs carry a
 * content hash (?v=...), so a regenerated image gets a new URL and browsers may cache each one forever. SVGs are
 * text: each is compressed once, on its first request (Brotli at its best takes 0.3 s for the 30 starter images, which
 * start-up would pay on every restart), and sent so to browsers that accept it.
 */
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import { API_ROOT } from '../config.ts';
import { notFound } from './errors.ts';
import { varyOn } from './vary.ts';

export const IMAGES_DIR = path.join(API_ROOT, 'public', 'images');

type Encoding = 'br' | 'gzip';

interface StaticImage {
  body: Buffer;
  etag: string;
  version: string;
  contentType: string;
  /** Compressed copies of a text image, where smaller: made on the first call, then kept. */
  encoded: () => Partial<Record<Encoding, Buffer>>;
}

/** Image types that are text and shrink when compressed. */
const COMPRESSIBLE = new Set(['image/svg+xml']);

function compressedCopies(body: Buffer, contentType: string): ReturnType<StaticImage['encoded']> {
  if (!COMPRESSIBLE.has(contentType)) return {};
  const copies: ReturnType<StaticImage['encoded']> = {
    br: brotliCompressSync(body, { params: { [zlib.BROTLI_PARAM_QUALITY]: zlib.BROTLI_MAX_QUALITY } }),
    gzip: gzipSync(body, { level: 9 }),
  };
  for (const encoding of ['br', 'gzip'] as const) {
    if (copies[encoding]!.length >= body.length) delete copies[encoding];
  }
  return copies;
}

/** The best encoding of `image` that the request accepts, if any. */
function chooseEncoding(image: StaticImage, acceptEncoding: string | undefined): Encoding | undefined {
  const accepted = new Set((acceptEncoding ?? '').split(',').map((part) => part.split(';')[0]!.trim()));
  return (['br', 'gzip'] as const).find((encoding) => accepted.has(encoding) && image.encoded()[encoding]);
}

const CONTENT_TYPES: Record<string, string> = {
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.webp': 'image/webp',
};

export function loadStaticImages(dir = IMAGES_DIR): Map<string, StaticImage> {
  const images = new Map<string, StaticImage>();
  if (!fs.existsSync(dir)) return images;
  for (const file of fs.readdirSync(dir)) {
    const contentType = CONTENT_TYPES[path.extname(file).toLowerCase()];
    if (!contentType) continue;
    const body = fs.readFileSync(path.join(dir, file));
    const hash = createHash('sha1').update(body).digest('base64url').slice(0, 12);
    let encoded: ReturnType<StaticImage['encoded']> | undefined;
    images.set(file, {
      body,
      etag: `"${hash}"`,
      version: hash,
      contentType,
      encoded: () => (encoded ??= compressedCopies(body, contentType)),
    });
  }
  return images;
}

/** Turns a stored /images/<file> path into a public URL with a cache-busting version. */
export function imageUrlResolver(
  publicUrl: string,
  images: Map<string, StaticImage>,
): (stored: string) => string {
  return (stored) => {
    if (!stored.startsWith('/images/')) return stored;
    const image = images.get(stored.slice('/images/'.length));
    return `${publicUrl}${stored}${image ? `?v=${image.version}` : ''}`;
  };
}

export function registerStaticImages(app: FastifyInstance, images: Map<string, StaticImage>): void {
  app.get<{ Params: { file: string } }>('/images/:file', { schema: { hide: true } }, (request, reply) => {
    const image = images.get(request.params.file);
    if (!image) throw notFound('Image not found');
    const encoding = chooseEncoding(image, request.headers['accept-encoding']);
    // Each encoding is its own representation, with its own validator.
    const etag = encoding ? `${image.etag.slice(0, -1)}-${encoding}"` : image.etag;
    if (Object.keys(image.encoded()).length > 0) varyOn(reply, 'Accept-Encoding');
    reply
      .header('Cache-Control', 'public, max-age=31536000, immutable')
      .header('ETag', etag)
      // An SVG opened on its own is a document: its styles may apply, nothing may run (helmet sets the rest).
      .header(
        'Content-Security-Policy',
        "default-src 'none'; style-src 'unsafe-inline'; frame-ancestors 'none'",
      );
    if (request.headers['if-none-match'] === etag) return reply.code(304).send();
    reply.type(image.contentType);
    if (!encoding) return reply.send(image.body);
    return reply.header('Content-Encoding', encoding).send(image.encoded()[encoding]);
  });
}
