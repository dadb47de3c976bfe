/**
 * Who a page request comes from (#53): the member their page session cookie (`__session`, set by the API on sign-in)
 * names, as the API answers it (GET /api/session with `Authorization: Session <cookie>`: firebase-admin's
 * verifySessionCookie with revocation, in the API; this process holds no Firebase credentials). The loaders then
 * read the API as that member with the same credential (reads only: the API refuses it for writes).
 */
import type { AccountProfile } from 'artifact-model/member-data';
import type { SiteApi } from './site-api.ts';

/** The cookie that carries a member's Firebase session (set by the API on sign-in). */
export const SESSION_COOKIE = '__session';

/** A member the API knows from their cookie (the shell's server renderer's PageMember). */
export interface PageMember {
  user: AccountProfile;
  /** The cookie itself: the loaders read the API as the member with it. */
  session: string;
}

export type Viewer =
  /** No page session, or one the API refused (expired, revoked, tampered, account gone): to be cleared. */
  | { kind: 'visitor'; sessionRefused: boolean }
  | { kind: 'member'; member: PageMember }
  /** A page session the API could not check (down or slow): the page is sent client-rendered, kept by no one. */
  | { kind: 'unchecked' };

export async function viewerOf(
  session: string | undefined,
  api: Pick<SiteApi, 'memberOf'>,
  log: (message: string) => void = console.warn,
): Promise<Viewer> {
  if (!session) return { kind: 'visitor', sessionRefused: false };
  try {
    const user = await api.memberOf(session);
    return user ? { kind: 'member', member: { user, session } } : { kind: 'visitor', sessionRefused: true };
  } catch (error) {
    log(`render: a page session could not be checked: ${(error as Error).message}`);
    return { kind: 'unchecked' };
  }
}
