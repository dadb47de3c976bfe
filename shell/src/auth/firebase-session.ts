/**
 * Firebase's app and Auth, nothing of the kit, in a chunk of its own (start-auth.ts). With no VITE_FIREBASE_API_KEY
 * it talks to the Auth Emulator on a demo project.
 */
import { initializeApp } from 'firebase/app';
import { connectAuthEmulator, getAuth } from 'firebase/auth';

const env = import.meta.env;

export const auth = getAuth(
  initializeApp({
    apiKey: env.VITE_FIREBASE_API_KEY || 'demo-api-key',
    authDomain: env.VITE_FIREBASE_AUTH_DOMAIN || 'demo-heritage.firebaseapp.com',
    projectId: env.VITE_FIREBASE_PROJECT_ID || 'demo-heritage',
    appId: env.VITE_FIREBASE_APP_ID,
  }),
);
if (env.VITE_FIREBASE_AUTH_EMULATOR_HOST) {
  connectAuthEmulator(auth, `http://${env.VITE_FIREBASE_AUTH_EMULATOR_HOST}`, { disableWarnings: true });
}
