import { defineConfig } from 'vite';
import { REMOTES } from '../shared-ui/vite-config/apps.ts';
import { remoteConfig } from '../shared-ui/vite-config/federation.ts';

// Its pages, exposed and published to the shell, are the folders of src/pages with a route module
// (shared-ui/vite-config/pages.ts).
export default defineConfig((env) => remoteConfig(REMOTES.mf_artifact_editor, env));
