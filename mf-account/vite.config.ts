import { REMOTES } from '../shared-ui/vite-config/apps.ts';
import { remoteConfig } from '../shared-ui/vite-config/federation.ts';
import { defineConfig } from 'vite';
import { remoteFirstPaint } from '../first-paint/vite/remote.ts';
import { PICTURES_WITH_DATA } from './src/pages/pictures-with-data.ts';
import { EARLY_REQUESTS } from './src/pages/early-requests.ts';

/** What this remote exposes is its whole public face: the shell's route table asks for these pages by name. */
export const EXPOSED_PAGES = {
  './Profile': './src/pages/profile/profile-page.tsx',
  './LikedArtifacts': './src/pages/liked-artifacts/liked-artifacts-page.tsx',
};

export default defineConfig(({ command }) =>
  remoteConfig(
    REMOTES.mf_account,
    EXPOSED_PAGES,
    command,
    remoteFirstPaint(EXPOSED_PAGES, {
      earlyRequests: EARLY_REQUESTS,
      withData: PICTURES_WITH_DATA,
    }),
  ),
);
