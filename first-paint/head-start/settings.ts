/** What the build gives the head start (vite/head-start.ts writes it into index.html): its pages, marks, code, remotes. */
import { FIRST_PAINT_ATTRIBUTE, FIRST_PAINT_BASE } from '../marks.ts';
import type { ExpectedPages } from './expected-page.ts';

/** Where the head start finds the prerendered layout's page slot and header, and the mark of a remote's base URL. */
export interface LayoutSlots {
  slotSelector: string;
  headerSelector: string;
  baseToken: string;
}

/** The prerendered layout's page slot, header and the remote base's mark, as marks.ts names them. */
export const LAYOUT_SLOTS: LayoutSlots = {
  slotSelector: `#root[${FIRST_PAINT_ATTRIBUTE}] #main`,
  headerSelector: `#root[${FIRST_PAINT_ATTRIBUTE}] header`,
  baseToken: FIRST_PAINT_BASE,
};

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

/** The head start's settings: the shell's own pages, its code, the remotes, the build's guess of their pages, the API. */
export interface HeadStartSettings {
  /**
   * The path patterns (page-route.ts, pathPattern) of the shell's own pages: there the shell's code starts at once,
   * with no manifest to wait for. Every other path is looked for among the pages the remotes' manifests publish.
   */
  shellPages: string[];
  shellCode: ShellCode;
  builtRemotes: Record<string, string>;
  /** The remotes' pages as the shell's build read them, until their manifests say (expected-page.ts). */
  expectedPages: ExpectedPages;
  apiBaseUrl: string;
}
