import { REMOTES } from '../shared-ui/build/apps.ts';
import { remoteConfig } from '../shared-ui/build/federation.ts';
import { defineConfig } from 'vite';
import { DATA_PICTURES } from './src/pages/data-pictures.ts';
import { REQUEST_PRELOADS } from './src/pages/request-preloads.ts';

/** What this remote exposes is its whole public face: the shell's route table asks for these pages by name. */
export const EXPOSED_PAGES = {
  './AddArtifact': './src/pages/add-artifact/add-artifact-page.tsx',
  './UpdateArtifact': './src/pages/update-artifact/update-artifact-page.tsx',
  './MyArtifacts': './src/pages/my-artifacts/my-artifacts-page.tsx',
};

export default defineConfig(({ command }) =>
  remoteConfig(REMOTES.mf_artifact_editor, EXPOSED_PAGES, command, {
    requestPreloads: REQUEST_PRELOADS,
    dataPictures: DATA_PICTURES,
  }),
);
