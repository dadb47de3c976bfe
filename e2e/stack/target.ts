/**
 * Where the journeys run: the stack their global set-up starts (stack/journey-stacks.ts), or a deployment already
 * running somewhere, named by environment variables:
 *
 *   E2E_BASE_URL                 the shell, e.g. https://staging.heritage.example
 *   E2E_API_URL                  the API that site calls (the journeys arrange and remove their data through it)
 *   FIREBASE_AUTH_EMULATOR_HOST  host:port of the Auth Emulator the site signs in with; unset for a real project
 *   E2E_FIREBASE_API_KEY         the site's Firebase web API key (a real project; the emulator takes any key)
 *   E2E_FIREBASE_PROJECT         the Firebase project id (the emulator's admin calls; default demo-heritage)
 *   E2E_RELEASES_DIR             the deployment's module releases folder, on this machine (`pnpm start:production`):
 *                                the release journeys release, promote and roll back there, with the site's port
 *                                variables in the environment as `pnpm modules` needs them
 *
 * Against a deployment the journeys start nothing, leave out those that stop, restart or redeploy servers, and make
 * their own members and data, which they remove afterwards (fixtures/identity.ts).
 */
import { FIREBASE_PROJECT, stackUrls } from '../../stack/stack.ts';

export interface JourneyTarget {
  /** The shell's origin. */
  shell: string;
  api: string;
  /** host:port of the Auth Emulator; undefined for a real Firebase project. */
  authEmulator: string | undefined;
  /** The web API key the site's Firebase uses; undefined when a real project's key was not given. */
  firebaseApiKey: string | undefined;
  firebaseProject: string;
  /** The deployment's module releases folder, when the journeys may release there (E2E_RELEASES_DIR). */
  releasesDir?: string;
}

/** The web API key of the Auth Emulator's demo project, as the shell uses it when no real project is configured. */
export const EMULATOR_API_KEY = 'demo-api-key';

const withoutTrailingSlash = (url: string) => url.replace(/\/+$/, '');

/** The deployment E2E_BASE_URL names, or undefined when the journeys run on their own stack. */
export function deploymentUnderTest(env: NodeJS.ProcessEnv = process.env): JourneyTarget | undefined {
  if (!env.E2E_BASE_URL) return undefined;
  if (!env.E2E_API_URL)
    throw new Error(
      'E2E_BASE_URL is set but E2E_API_URL is not: name the API the deployment calls (docs/testing.md, QA).',
    );
  const authEmulator = env.FIREBASE_AUTH_EMULATOR_HOST || undefined;
  return {
    shell: withoutTrailingSlash(env.E2E_BASE_URL),
    api: withoutTrailingSlash(env.E2E_API_URL),
    authEmulator,
    firebaseApiKey: env.E2E_FIREBASE_API_KEY || (authEmulator ? EMULATOR_API_KEY : undefined),
    firebaseProject: env.E2E_FIREBASE_PROJECT || FIREBASE_PROJECT,
    releasesDir: env.E2E_RELEASES_DIR || undefined,
  };
}

/** The deployment under test, or the journeys' own stack on the ports the process's environment names. */
export function journeyTarget(env: NodeJS.ProcessEnv = process.env): JourneyTarget {
  const deployment = deploymentUnderTest(env);
  if (deployment) return deployment;
  const urls = stackUrls(env);
  return {
    shell: urls.shell,
    api: urls.api,
    authEmulator: urls.authEmulator,
    firebaseApiKey: EMULATOR_API_KEY,
    firebaseProject: FIREBASE_PROJECT,
  };
}

/** Why a journey that stops, restarts or redeploys servers does not run against a deployment. */
export const NEEDS_OWN_STACK =
  'stops, restarts or redeploys servers: runs only on the stack the suite starts itself (not with E2E_BASE_URL)';

/** Why a journey that reads what only the Auth Emulator records (sent e-mails, its Google sign-in page) is skipped. */
export const NEEDS_AUTH_EMULATOR =
  'needs the Auth Emulator (its recorded e-mails or its Google sign-in page): set FIREBASE_AUTH_EMULATOR_HOST';

/** Why a journey that needs fresh members is skipped against a real Firebase project without its web API key. */
export const NEEDS_FIREBASE_API_KEY =
  "makes fresh members: against a real Firebase project set E2E_FIREBASE_API_KEY to the site's web API key";

/**
 * The path of `url` under the API the journeys target (`/artifacts/user/me`), or undefined when `url` is not the API's.
 * E2E_API_URL may name the API under a path of a site (https://heritage.example/backend): its calls are matched from
 * there, not from the origin's root.
 */
export function apiPathOf(url: string | URL, api: string = journeyTarget().api): string | undefined {
  const base = new URL(api);
  const { origin, pathname } = new URL(url);
  const prefix = base.pathname.replace(/\/+$/, '');
  if (origin !== base.origin || (prefix && !pathname.startsWith(`${prefix}/`))) return undefined;
  return pathname.slice(prefix.length);
}
