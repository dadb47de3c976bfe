import { REMOTES } from '../shared-ui/vite-config/apps.ts';
import { remoteConfig } from '../shared-ui/vite-config/federation.ts';
import { defineConfig } from 'vite';
import { remoteFirstPaint } from '../first-paint/vite/remote.ts';
import { IMAGE_PRELOADS } from './src/pages/home/hero-preload.ts';
import { PICTURES_WITH_DATA } from './src/pages/pictures-with-data.ts';
import { EARLY_REQUESTS } from './src/pages/early-requests.ts';

/** What this remote exposes is its whole public face: the shell's route table asks for these pages by name. */
export const EXPOSED_PAGES = {
  './Home': './src/pages/home/home-page.tsx',
  './AllArtifacts': './src/pages/all-artifacts/all-artifacts-page.tsx',
  './ArtifactDetails': './src/pages/artifact-details/artifact-details-page.tsx',
  './About': './src/pages/about/about-page.tsx',
  './Contact': './src/pages/contact/contact-page.tsx',
};

export default defineConfig(({ command }) =>
  remoteConfig(
    REMOTES.mf_catalogue,
    EXPOSED_PAGES,
    command,
    remoteFirstPaint(EXPOSED_PAGES, {
      images: IMAGE_PRELOADS,
      // The public pages whose first screen needs no data: the shell shows them prerendered while their code loads.
      prerendered: ['./Home', './About', './Contact'],
      withData: PICTURES_WITH_DATA,
      earlyRequests: EARLY_REQUESTS,
    }),
  ),
);
