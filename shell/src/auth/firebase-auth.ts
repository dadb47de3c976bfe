/** The identity provider: Firebase Auth (firebase-session.ts's instance), connected to the shared auth store. */
import {
  createUserWithEmailAndPassword,
  EmailAuthProvider,
  GoogleAuthProvider,
  onAuthStateChanged,
  onIdTokenChanged,
  reauthenticateWithCredential,
  reauthenticateWithPopup,
  sendEmailVerification,
  sendPasswordResetEmail,
  signInWithEmailAndPassword,
  signInWithPopup,
  signOut,
  updateProfile,
  type Auth,
  type User,
} from 'firebase/auth';
import { connectAuthProvider, storeIdToken, useAuthStore, type AuthProvider, type AuthUser } from 'shared-ui';
import { endPageSession, startPageSession } from './page-session';

function toAuthUser(user: User): AuthUser {
  const created = user.metadata.creationTime ? new Date(user.metadata.creationTime) : null;
  return {
    uid: user.uid,
    email: user.email,
    displayName: user.displayName,
    photoURL: user.photoURL,
    createdAt: created && !Number.isNaN(created.getTime()) ? created.toISOString() : null,
    emailVerified: user.emailVerified,
  };
}

export function connectFirebaseAuth(auth: Auth): void {
  /** The token in storage follows the user: set on sign-in and refresh, removed on sign-out. */
  onIdTokenChanged(auth, async (user) => storeIdToken(user ? await user.getIdToken() : null));
  onAuthStateChanged(auth, (user) =>
    useAuthStore.setState({ user: user ? toAuthUser(user) : null, loading: false }),
  );

  /** After a profile change the token must carry the new name, since the API reads the adder's name from it. */
  const refreshUser = async (user: User): Promise<AuthUser> => {
    await user.reload();
    storeIdToken(await user.getIdToken(true));
    const next = toAuthUser(auth.currentUser ?? user);
    useAuthStore.setState({ user: next });
    return next;
  };

  /** Each sign-in gives the member a page session (page-session.ts). */
  const signedIn = (user: User) => startPageSession(user, () => auth.currentUser);

  const provider: AuthProvider = {
    async register({ name, email, password, photoURL }) {
      const { user } = await createUserWithEmailAndPassword(auth, email, password);
      // The identity API takes no null photo: leave it out when the member gave none.
      await updateProfile(user, photoURL ? { displayName: name, photoURL } : { displayName: name });
      await refreshUser(user);
      signedIn(user);
    },
    async login(email, password) {
      signedIn((await signInWithEmailAndPassword(auth, email, password)).user);
    },
    async loginWithGoogle() {
      // Firebase opens its sign-in popup at 500x600, the size the spec asks for.
      signedIn((await signInWithPopup(auth, new GoogleAuthProvider())).user);
    },
    async logout() {
      await signOut(auth);
      storeIdToken(null);
      endPageSession();
    },
    async resetPassword(email) {
      await sendPasswordResetEmail(auth, email);
    },
    async updateProfile(update) {
      const user = auth.currentUser;
      if (!user) throw new Error('You are not signed in');
      // An empty photo URL clears the photo (the identity API refuses null); the default avatar shows instead.
      await updateProfile(user, { displayName: update.displayName, photoURL: update.photoURL });
      return refreshUser(user);
    },
    async sendEmailVerification() {
      const user = auth.currentUser;
      if (!user) throw new Error('You are not signed in');
      await sendEmailVerification(user);
    },
    async signInMethods() {
      return auth.currentUser?.providerData.map((info) => info.providerId) ?? [];
    },
    async reauthenticate(password) {
      const user = auth.currentUser;
      if (!user) throw new Error('You are not signed in');
      if (password === undefined) await reauthenticateWithPopup(user, new GoogleAuthProvider());
      else await reauthenticateWithCredential(user, EmailAuthProvider.credential(user.email ?? '', password));
      // The API asks for a recent sign-in (closing an account): the next call must carry the new token's auth_time.
      storeIdToken(await user.getIdToken());
    },
    async getFreshIdToken() {
      // Firebase restores its persisted user after it is connected: until then currentUser is null, though a page the
      // server drew for the member (or their stored token) already says who they are.
      await auth.authStateReady();
      return (await auth.currentUser?.getIdToken()) ?? null;
    },
  };
  connectAuthProvider(provider);
}
