import { REMOTES } from '../shared-ui/build/apps.ts';
import { remoteConfig } from '../shared-ui/build/federation.ts';
import { defineConfig } from 'vite';
import { IMAGE_PRELOADS } from './src/pages/home/hero-preload.ts';
import { DATA_PICTURES } from './src/pages/data-pictures.ts';
import { REQUEST_PRELOADS } from './src/pages/request-preloads.ts';

/** What this remote exposes is its whole public face: the shell's route table asks for these pages by name. */
export const EXPOSED_PAGES = {
  './Home': './src/pages/home/home-page.tsx',
  './AllArtifacts': './src/pages/all-artifacts/all-artifacts-page.tsx',
  './ArtifactDetails': './src/pages/artifact-details/artifact-details-page.tsx',
  './About': './src/pages/about/about-page.tsx',
  './Contact': './src/pages/contact/contact-page.tsx',
};

export default defineConfig(({ command }) =>
  remoteConfig(REMOTES.mf_catalogue, EXPOSED_PAGES, command, {
    imagePreloads: IMAGE_PRELOADS,
    // The public pages whose first screen needs no data: the shell shows them prerendered while their code loads.
    firstPaint: ['./Home', './About', './Contact'],
    dataPictures: DATA_PICTURES,
    requestPreloads: REQUEST_PRELOADS,
  }),
);
