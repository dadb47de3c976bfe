/**
 * The security headers of the site's pages, from one definition: the render service (render/, the shell's pages and
 * files) and the remotes' preview servers (`pnpm start`, the journeys) send them, and a deployment's web server sends
 * the same. The Content-Security-Policy
 * allows what the site needs and no more:
 * - scripts: the shell's own, the remotes' (loaded at run time from their origins), and a document's inline scripts
 *   by their hashes (withBodyScripts: React's in a page rendered on the server; no other inline script, no eval);
 * - styles: its own and inline ones, because styled-components writes its rules into <style> at run time and a page
 *   rendered on the server carries them inline;
 * - connections: the site, the API, the remotes' manifests, Firebase Auth (the emulator, or Google's endpoints);
 * - images: the site, the remotes, the API's image store, and any web URL, since members paste image URLs (the spec
 *   takes http: as well as https:; an https: deployment's browser upgrades or blocks http: images itself);
 * - Firebase Auth's sign-in: its script from apis.google.com and its helper frame (the emulator, or the project's
 *   auth domain), as Firebase documents; no page of the site may itself be framed.
 */
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { remotesManifest, siteAddresses } from './apps.ts';

export interface PagePolicyInput {
  /** The served index.html: its inline scripts are allowed by hash. */
  html: string;
  apiUrl: string;
  /** Where the remotes are served from (their manifest URLs will do). */
  remoteUrls: string[];
  /** `host:port` of the Auth Emulator, when the site signs in against it. */
  authEmulatorHost?: string;
  /** The Firebase project's auth domain, when the site signs in against a real project. */
  firebaseAuthDomain?: string;
}

/** 'sha256-...' of every inline script of `html`, as a CSP source. */
export function inlineScriptHashes(html: string): string[] {
  return [...html.matchAll(/<script(?![^>]*\ssrc=)[^>]*>([\s\S]*?)<\/script>/g)].map(
    ([, source]) => `'sha256-${createHash('sha256').update(source!).digest('base64')}'`,
  );
}

const originOf = (url: string) => new URL(url).origin;
const unique = (sources: string[]) => [...new Set(sources)].join(' ');

/** The header every response of the site's servers carries: no file is ever run as another type than it is sent. */
export const ASSET_SECURITY_HEADERS: Readonly<Record<string, string>> = {
  'X-Content-Type-Options': 'nosniff',
};

/** What a document needs beyond that (only documents: on each of a page's 40 files they would cost ~20 KB). */
const DOCUMENT_HEADERS: Readonly<Record<string, string>> = {
  // Members' pasted image URLs are other sites: they learn the site's origin at most, never a page's path.
  'Referrer-Policy': 'strict-origin-when-cross-origin',
  'Permissions-Policy': 'camera=(), microphone=(), geolocation=(), payment=(), usb=(), browsing-topics=()',
  'X-Frame-Options': 'DENY',
};

/** The headers of the shell's documents (index.html, whatever the route): the pages' policy and the rest. */
export function pageSecurityHeaders(input: PagePolicyInput): Record<string, string> {
  const remotes = input.remoteUrls.map(originOf);
  const api = originOf(input.apiUrl);
  const firebase = input.authEmulatorHost
    ? [`http://${input.authEmulatorHost}`]
    : ['https://identitytoolkit.googleapis.com', 'https://securetoken.googleapis.com'];
  const firebaseFrames = input.authEmulatorHost
    ? [`http://${input.authEmulatorHost}`]
    : input.firebaseAuthDomain
      ? [`https://${input.firebaseAuthDomain}`]
      : [];
  const policy = [
    "default-src 'self'",
    `script-src ${unique(["'self'", ...remotes, 'https://apis.google.com', ...inlineScriptHashes(input.html)])}`,
    "style-src 'self' 'unsafe-inline'",
    // Artifacts' images come from any web address; blob: is the editor's preview of a photo being uploaded.
    "img-src 'self' data: blob: https: http:",
    `font-src ${unique(["'self'", ...remotes])}`,
    `connect-src ${unique(["'self'", api, ...remotes, ...firebase])}`,
    `frame-src ${firebaseFrames.length ? unique(firebaseFrames) : "'none'"}`,
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ');
  return { ...ASSET_SECURITY_HEADERS, ...DOCUMENT_HEADERS, 'Content-Security-Policy': policy };
}

/**
 * The headers of a document whose body has inline scripts of its own (a page rendered on the server: React's scripts
 * that reveal a Suspense boundary written out of order), each allowed by its hash beside the build's.
 */
export function withBodyScripts(headers: Record<string, string>, body: string): Record<string, string> {
  const hashes = inlineScriptHashes(body);
  const policy = headers['Content-Security-Policy'];
  if (!hashes.length || !policy) return headers;
  return {
    ...headers,
    'Content-Security-Policy': policy.replace(
      /(^|; )script-src ([^;]*)/,
      (_all, start: string, sources: string) =>
        `${start}script-src ${unique([...sources.split(' '), ...hashes])}`,
    ),
  };
}

/** The headers of the shell's documents for the build in `outDir`, deployed where the environment says. */
export function shellDocumentHeaders(
  outDir: string,
  env: NodeJS.ProcessEnv = process.env,
): Record<string, string> {
  const { apiUrl, authEmulatorHost } = siteAddresses(env);
  return pageSecurityHeaders({
    html: readFileSync(join(outDir, 'index.html'), 'utf8'),
    apiUrl,
    remoteUrls: Object.values(remotesManifest(env)),
    authEmulatorHost: authEmulatorHost || undefined,
    firebaseAuthDomain: env.VITE_FIREBASE_AUTH_DOMAIN || undefined,
  });
}
