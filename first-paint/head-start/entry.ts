/**
 * index.html's inline head start (start.ts says what it does). The build bundles this entry on its own into one
 * minified script and writes it into the page's head, with this build's settings in place of HEAD_START_SETTINGS
 * (vite/head-start-script.ts).
 */
import type { HeadStartSettings } from './settings.ts';
import { startHeadStart } from './start.ts';

declare const HEAD_START_SETTINGS: HeadStartSettings;

startHeadStart(HEAD_START_SETTINGS);
