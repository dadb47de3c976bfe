/**
 * The shell's server build (#53): src/server/render-page.tsx for the render service (render/src/page-body.ts), into
 * dist-server/. Built with the browser build's class names (styledComponentIds) so the server's HTML is what the
 * browser hydrates; the kit, React Router and styled-components bundled in (styled-components has no exports map:
 * Node would load its CommonJS build, whose default export is not `styled`), React, zustand and the federation
 * runtime left to Node, and the shared packages' versions written in for the share scope.
 */
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { SHARED_SINGLETONS } from 'site-config/apps';
import { installedVersion } from 'site-config/federation';
import { styledComponentIds } from 'site-config/styled-component-ids';

const EXTERNAL = /^(react|react-dom|zustand|@module-federation\/[\w-]+)(\/|$)/;

export default defineConfig({
  plugins: [react(), styledComponentIds()],
  define: {
    SHARED_VERSIONS: JSON.stringify(
      Object.fromEntries(SHARED_SINGLETONS.map((name) => [name, installedVersion(name)])),
    ),
  },
  ssr: { noExternal: new RegExp(`^(?!${EXTERNAL.source})`) },
  build: {
    ssr: 'src/server/render-page.tsx',
    outDir: 'dist-server',
    target: 'node22',
    emptyOutDir: true,
  },
});
