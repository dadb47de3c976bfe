/**
 * Which shared library a downloaded JavaScript file carries, recognised by its content rather than by its name
 * (the federation plugin names a library's chunk `__loadShare__...` in the host and `__prebuild__...` in a
 * remote, and the host's copy may sit in a chunk named after neither). Each fingerprint is a string that the
 * minified library itself contains and the federation's proxies do not; checked against this build: react-dom's
 * container key, React Router's nested-router error message (it travels inside
 * shared-ui, so two copies mean two shared-ui or an app that bundled its own), styled-components' style attribute, goober's sheet id (in react-hot-toast), zustand's store API
 * literal, React's exported cloneElement, the federation runtime's debug flag. A library found in two or more URLs
 * was downloaded twice.
 */
import { createHash } from 'node:crypto';

export const LIBRARY_FINGERPRINTS: ReadonlyArray<{ library: string; pattern: RegExp }> = [
  { library: 'react', pattern: /\.cloneElement=/ },
  { library: 'react-dom', pattern: /__reactContainer\$/ },
  { library: 'react-router (in shared-ui)', pattern: /You cannot render a <Router> inside another <Router>/ },
  { library: 'styled-components', pattern: /data-styled/ },
  // zustand's store literal as minified (`getInitialState:()=>initialState`); the kit's auth store names its own
  // `getInitialState:` too, without the arrow.
  { library: 'zustand', pattern: /getInitialState:\(\)=>/ },
  { library: 'react-hot-toast', pattern: /_goober/ },
  { library: '@module-federation/runtime', pattern: /FEDERATION_DEBUG/ },
];

export interface BodyFacts {
  url: string;
  bytes: number;
  sha256: string;
  libraries: string[];
}

export function bodyFacts(url: string, body: Buffer, bytes: number): BodyFacts {
  const text = body.toString('utf8');
  return {
    url,
    bytes,
    sha256: createHash('sha256').update(body).digest('hex'),
    libraries: LIBRARY_FINGERPRINTS.filter(({ pattern }) => pattern.test(text)).map(({ library }) => library),
  };
}

export interface Duplicate {
  library: string;
  /** Every URL that carried it, with its transfer size. */
  copies: Array<{ url: string; bytes: number }>;
  /** Why it counts: the same bytes under two URLs, or the same library in two files. */
  reason: 'identical content' | 'same library';
}

/** Libraries (and identical files) downloaded more than once in one page load. */
export function duplicates(files: BodyFacts[]): Duplicate[] {
  const found: Duplicate[] = [];
  for (const { library } of LIBRARY_FINGERPRINTS) {
    const copies = files.filter((f) => f.libraries.includes(library));
    if (copies.length > 1)
      found.push({
        library,
        reason: 'same library',
        copies: copies.map(({ url, bytes }) => ({ url, bytes })),
      });
  }
  const byHash = new Map<string, BodyFacts[]>();
  for (const file of files) byHash.set(file.sha256, [...(byHash.get(file.sha256) ?? []), file]);
  for (const same of byHash.values()) {
    if (same.length > 1 && new Set(same.map((f) => f.url)).size > 1) {
      found.push({
        library: new URL(same[0]!.url).pathname.split('/').pop()!,
        reason: 'identical content',
        copies: same.map(({ url, bytes }) => ({ url, bytes })),
      });
    }
  }
  return found;
}
