/** The one auth store of the whole site: the shell alone connects its identity provider and writes the user. */
import { createContext, useContext } from 'react';
import { createStore, useStore, type StoreApi } from 'zustand';

export interface AuthUser {
  uid: string;
  email: string | null;
  displayName: string | null;
  photoURL: string | null;
  /** When the account was created (ISO string), for the profile's join date. */
  createdAt: string | null;
  /** Whether the identity provider says the e-mail is verified; absent until it is known. */
  emailVerified?: boolean;
}

export interface RegisterInput {
  name: string;
  email: string;
  password: string;
  photoURL?: string;
}

export interface ProfileUpdate {
  displayName: string;
  photoURL: string;
}

/** What the shell's identity integration must provide. Keeps Firebase out of the shared kit. */
export interface AuthProvider {
  register(input: RegisterInput): Promise<void>;
  login(email: string, password: string): Promise<void>;
  loginWithGoogle(): Promise<void>;
  logout(): Promise<void>;
  resetPassword(email: string): Promise<void>;
  updateProfile(update: ProfileUpdate): Promise<AuthUser>;
  /** A fresh ID token from the current user, or null with no user. */
  getFreshIdToken(): Promise<string | null>;
  /** Asks the provider to e-mail the signed-in member a link that verifies their address. */
  sendEmailVerification(): Promise<void>;
  /** How the signed-in member signs in: the provider ids of their account ('password', 'google.com'). */
  signInMethods(): Promise<string[]>;
  /**
   * Confirms it is the member again, for a step that needs a recent sign-in (closing the account): with their
   * password, or, given none, with the provider's popup (Google). The stored token is then the fresh one.
   */
  reauthenticate(password?: string): Promise<void>;
}

/**
 * Who is signed in, and the provider's actions: `updateProfile` puts the new user in the store; sendEmailVerification,
 * signInMethods and reauthenticate leave the site usable meanwhile (no `loading`).
 */
export interface AuthState extends Omit<AuthProvider, 'updateProfile' | 'getFreshIdToken'> {
  user: AuthUser | null;
  /** True until the first auth state arrives, and while an auth operation runs. */
  loading: boolean;
  updateProfile(update: ProfileUpdate): Promise<void>;
}

let provider: AuthProvider | null = null;
let resolveProvider: (p: AuthProvider) => void;
let rejectProvider: (error: unknown) => void;
/** What waits for the provider: the shell connects it (connectAuthProvider) or says it failed (failAuthProvider). */
let providerReady = newProviderWait();
/** After a failed start, how the shell tries again: run by the next one to ask. */
let tryProviderAgain: (() => void) | null = null;

function newProviderWait(): Promise<AuthProvider> {
  const wait = new Promise<AuthProvider>((resolve, reject) => {
    resolveProvider = resolve;
    rejectProvider = reject;
  });
  // Nobody may be waiting when it fails.
  wait.catch(() => undefined);
  return wait;
}

/**
 * The shell's identity integration, once it has connected: actions and the token provider wait for it. After a
 * failed start, asking has the shell try again, and waits for that try.
 */
export function whenAuthProvider(): Promise<AuthProvider> {
  if (provider) return Promise.resolve(provider);
  const tryAgain = tryProviderAgain;
  tryProviderAgain = null;
  tryAgain?.();
  return providerReady;
}

/** Actions wait for the provider (the shell loads it after first paint) and hold `loading` while they run. */
async function withProvider<T>(run: (p: AuthProvider) => Promise<T>): Promise<T> {
  useAuthStore.setState({ loading: true });
  try {
    return await run(await whenAuthProvider());
  } finally {
    useAuthStore.setState({ loading: false });
  }
}

const authStore = createStore<AuthState>()(() => ({
  user: null,
  loading: true,
  register: (input) => withProvider((p) => p.register(input)),
  login: (email, password) => withProvider((p) => p.login(email, password)),
  loginWithGoogle: () => withProvider((p) => p.loginWithGoogle()),
  logout: () => withProvider((p) => p.logout()),
  resetPassword: (email) => withProvider((p) => p.resetPassword(email)),
  updateProfile: (update) =>
    withProvider(async (p) => {
      const user = await p.updateProfile(update);
      useAuthStore.setState({ user });
    }),
  sendEmailVerification: async () => (await whenAuthProvider()).sendEmailVerification(),
  signInMethods: async () => (await whenAuthProvider()).signInMethods(),
  reauthenticate: async (password) => (await whenAuthProvider()).reauthenticate(password),
}));

/** The state a page drawn on the server is hydrated with (hydrateAuthStore); none before, and on a server. */
let hydrationState: AuthState | null = null;

/**
 * The store's hook (zustand's `useStore`), and its state and actions outside React (`useAuthStore.getState()`).
 * React's server snapshot (a render without a RequestAuthStore, and hydration in the browser) is the state the page
 * is hydrated with, else the store's current state, not its initial one. Hydration must meet the server's HTML:
 * Firebase may answer while the page hydrates (a member's page starts it at once), and its user, which says whether
 * the e-mail is verified where the server could not, is drawn just after hydration instead of failing it.
 */
const serverSnapshotStore = { ...authStore, getInitialState: () => hydrationState ?? authStore.getState() };

/** The member a server-drawn page was drawn for (or no one), in the store and as what the page hydrates with. */
export function hydrateAuthStore(member: AuthUser | null): void {
  authStore.setState({ user: member, loading: false });
  hydrationState = authStore.getState();
}

/**
 * The store of the request a render process is rendering (#53); the browser has none and reads the site's one
 * store. A process renders many visitors at once: the one store would mix their members.
 */
export const RequestAuthStore = createContext<StoreApi<AuthState> | null>(null);

export const useAuthStore = Object.assign(
  <T>(selector: (state: AuthState) => T): T =>
    useStore(useContext(RequestAuthStore) ?? serverSnapshotStore, selector),
  authStore,
);

/** A store for one server render: `member` signed in (or no one), known at once. */
export const requestAuthStore = (member: AuthUser | null): StoreApi<AuthState> =>
  createStore<AuthState>()(() => ({ ...authStore.getState(), user: member, loading: false }));

/** Called once by the shell when its identity integration is ready. */
export function connectAuthProvider(next: AuthProvider): void {
  provider = next;
  tryProviderAgain = null;
  resolveProvider(next);
}

/**
 * Called by the shell when its identity integration could not start (its code did not load): what waits for it
 * fails with `error` rather than wait forever, and the next action or token read runs `tryAgain` and waits for that.
 */
export function failAuthProvider(error: unknown, tryAgain: () => void): void {
  if (provider) return;
  rejectProvider(error);
  providerReady = newProviderWait();
  tryProviderAgain = tryAgain;
}

/** For tests: forget the provider so another can be connected. */
export function resetAuthProviderForTests(): void {
  provider = null;
  tryProviderAgain = null;
  providerReady = newProviderWait();
  hydrationState = null;
  useAuthStore.setState({ user: null, loading: true });
}
