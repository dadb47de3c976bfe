import { defineConfig } from 'vite';
import { REMOTES } from 'site-config/apps';
import { remoteConfig } from 'site-config/federation';

// Its pages, exposed and published to the shell, are the folders of src/pages with a route module
// (site-config/pages.ts).
export default defineConfig((env) => remoteConfig(REMOTES.mf_account, env));
