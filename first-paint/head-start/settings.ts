/** What the build gives the head start (vite/head-start.ts writes it into index.html): its pages, code, remotes. */
import type { ExpectedPages } from './expected-page.ts';

/** The shell's own code, which index.html does not name: the head start starts it (vite/shell-code.ts reads it). */
export interface ShellCode {
  /** The entry module, run as `<script type="module">` would. */
  entry: string;
  /** Its chunks, modulepreloaded. */
  preloads: string[];
  /**
   * The identity provider's chunks (Firebase, the shell's imports of auth/firebase-session.ts and firebase-auth.ts),
   * which the entry imports as soon as it runs on a member's page without a usable stored token (main.tsx):
   * modulepreloaded there by the head start, which imports the session itself, rather than requested only once the
   * entry has run.
   */
  identityProvider: string[];
  /** Of those, auth/firebase-session.ts's: what the head start imports to ask Firebase for a returning member's token. */
  firebaseSession: string;
}

export interface HeadStartSettings {
  /**
   * The path patterns (page-route.ts, pathPattern) of the shell's own pages: there the shell's code starts at once,
   * with no manifest to wait for. Every other path is looked for among the pages the remotes' manifests publish.
   */
  shellPages: string[];
  shellCode: ShellCode;
  /** The remotes.json the build writes: where each remote's manifest likely is (find-page.ts). */
  builtRemotes: Record<string, string>;
  /** The remotes' pages as the shell's build read them, until their manifests say (expected-page.ts). */
  expectedPages: ExpectedPages;
  apiBaseUrl: string;
}
