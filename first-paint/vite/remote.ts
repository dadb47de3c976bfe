/**
 * A remote's first paint, as the plugins its vite config lists (shared-ui/vite-config/federation.ts, remoteConfig):
 * each adds to its mf-manifest.json what the shell's head start reads (head-start/manifest.ts).
 */
import type { Plugin } from 'vite';
import type { EarlyRequest } from '../head-start/early-request.ts';
import type { ImagePreload } from '../head-start/manifest.ts';
import { publishEarlyRequests } from './publish-early-requests.ts';
import { publishImagePreloads } from './publish-image-preloads.ts';
import { publishPictures, type PicturesWithData } from './publish-pictures.ts';

export interface RemoteFirstPaint {
  /** The images an exposed page ('./Home') paints first. */
  images?: Record<string, ImagePreload[]>;
  /** The exposed pages the shell may show prerendered, without data, before their code has loaded. */
  prerendered?: string[];
  /** Those it may show drawn with their early request's answer (head-start/picture.ts). */
  withData?: Record<string, PicturesWithData>;
  /** The API request an exposed page makes as it opens (head-start/early-request.ts). */
  earlyRequests?: Record<string, EarlyRequest>;
}

export function remoteFirstPaint(
  exposes: Record<string, string>,
  { images = {}, prerendered = [], withData = {}, earlyRequests = {} }: RemoteFirstPaint,
): Plugin[] {
  return [
    publishImagePreloads(images),
    publishPictures(exposes, prerendered, withData),
    publishEarlyRequests(exposes, earlyRequests),
  ];
}
