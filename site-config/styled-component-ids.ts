/**
 * Stable styled-components class names in every app's build, browser and server alike (#53). Without it a component's
 * id is a hash of a per-process counter, so the same component gets another class name in a render process that has
 * loaded other pages first than in the browser that hydrates its HTML. babel-plugin-styled-components (`ssr`, its
 * documented server-rendering option) derives each id from the package's name, the file's path in it and the
 * component's place in the file; run through @rolldown/plugin-babel, as @vitejs/plugin-react 6 documents for Babel.
 */
import babel from '@rolldown/plugin-babel';
import type { PluginOption } from 'vite';

/** The plugin's options, the same in every build. */
export const STYLED_COMPONENTS_BABEL_OPTIONS = {
  ssr: true,
  displayName: false,
  fileName: false,
  pure: true,
};

export function styledComponentIds(): PluginOption {
  return babel({
    // Only the sources that define styled components: Babel is slower than the rest of the build.
    include: /\.tsx?$/,
    plugins: [['babel-plugin-styled-components', STYLED_COMPONENTS_BABEL_OPTIONS]],
  });
}
