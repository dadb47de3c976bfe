/**
 * Who the page is for before the app knows: the member a usable stored token names or, for a returning member on a
 * member's page (no usable stored token, as after an hour away; or nobody signed in), the one Firebase names once it
 * has refreshed their token. The head start imports Firebase's session for that itself (ShellCode.firebaseSession),
 * rather than wait for the shell's code. A deleted or disabled account, or a sign-out in another tab, gets no token.
 */
import type { AuthUser } from 'shared-ui';
import { memberOfToken, usableStoredToken } from 'shared-ui/auth/token-claims';
import { MEMBER_HEADER_ATTRIBUTE } from '../marks.ts';
import { pictureFor, type Picture } from './picture.ts';
import { LAYOUT_SLOTS } from './settings.ts';
import { fallBack, type FirstPaintState } from './state.ts';

/** The member a page's pictures and early request are for, and the token that says so. */
export interface Session {
  token: string;
  member: AuthUser;
}

function sessionOf(token: string | null): Session | null {
  const member = token ? memberOfToken(token) : null;
  return token && member ? { token, member } : null;
}

/** The usable stored token's session, as the pages will see it until Firebase answers. */
export function storedSession(state: FirstPaintState): Session | null {
  try {
    return sessionOf(usableStoredToken());
  } catch (error) {
    fallBack(state, 'storage unreadable', error);
    return null;
  }
}

/** The session Firebase's module at `url` (auth/firebase-session.ts) names, once it has loaded and answered. */
export function firebaseSession(
  state: FirstPaintState,
  sessionModule: Promise<{ signedInIdToken(): Promise<string | null> }>,
): Promise<Session | null> {
  return sessionModule
    .then((module) => module.signedInIdToken())
    .then(sessionOf, (error: unknown) => {
      fallBack(state, 'firebase failed', error);
      return null;
    });
}

/**
 * The member's avatar in the prerendered layout's header (prerenderLayout's member headers), once the document is
 * parsed, while that layout is still on screen.
 */
export function drawHeader(state: FirstPaintState, { member }: Session): void {
  const block = document.querySelector(`script[${MEMBER_HEADER_ATTRIBUTE}]`);
  const header = document.querySelector(LAYOUT_SLOTS.headerSelector);
  if (!block || !header) return fallBack(state, 'picture too late');
  const html = pictureFor(JSON.parse(block.textContent ?? '[]') as Picture[], { member });
  if (html === null) return fallBack(state, 'no picture fits');
  const template = document.createElement('template');
  template.innerHTML = html;
  header.replaceWith(template.content);
}
