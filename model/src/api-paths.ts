/**
 * The API's paths the apps call, each typed once (spec section 7), a parameter named as `:id`: the remotes' calls use
 * them. Here, beside the model, because they are the API's contract with every app.
 */
export const ARTIFACT_PATHS = {
  search: '/artifacts',
  topLiked: '/artifacts/top-liked',
  mine: '/artifacts/user/me',
  likedByMe: '/artifacts/liked/me',
  byId: '/api/artifacts/:id',
} as const;

/** The Contact form's call (POST). */
export const CONTACT_PATH = '/api/contact';

/** Release health's call (POST): the shell's page views, sent with navigator.sendBeacon (release-health.ts). */
export const TELEMETRY_PATH = '/api/telemetry';

/** One artifact's address on the API, which its read, its writes and its votes share. */
export const artifactPath = (id: string) => ARTIFACT_PATHS.byId.replace(':id', encodeURIComponent(id));

/**
 * The page session cookie's calls (issue #53): the shell makes it (POST) and clears it (DELETE), the render service
 * asks whose it is (GET, with `Authorization: Session <cookie>`).
 */
export const PAGE_SESSION_PATH = '/api/session';
