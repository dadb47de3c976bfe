/**
 * The starter images ship in api/public/images and are served from memory with long-lived caching. URLs carry a
 * content hash (?v=...), so a regenerated image gets a new URL and browsers may cache each one forever.
 */
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { API_ROOT } from '../config.ts';
import { notFound } from './errors.ts';

export const IMAGES_DIR = path.join(API_ROOT, 'public', 'images');

interface StaticImage {
  body: Buffer;
  etag: string;
  version: string;
  contentType: string;
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
    images.set(file, { body, etag: `"${hash}"`, version: hash, contentType });
  }
  return images;
}

/** Turns a stored /images/<file> path into a public URL with a cache-busting version. */
export function imageUrlResolver(publicUrl: string, images: Map<string, StaticImage>): (stored: string) => string {
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
    reply
      .header('Cache-Control', 'public, max-age=31536000, immutable')
      .header('ETag', image.etag)
      .header('X-Content-Type-Options', 'nosniff')
      .header('Content-Security-Policy', "default-src 'none'; style-src 'unsafe-inline'")
      .header('Cross-Origin-Resource-Policy', 'cross-origin');
    if (request.headers['if-none-match'] === image.etag) return reply.code(304).send();
    return reply.type(image.contentType).send(image.body);
  });
}
