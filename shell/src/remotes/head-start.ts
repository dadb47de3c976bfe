/**
 * index.html's inline head start (early-remote-load.ts says what it does). The build bundles this entry on its own
 * into one minified script and writes it into the page's head, with this build's settings in place of
 * HEAD_START_SETTINGS (shell/build/head-start-script.ts).
 */
import { memberOfToken, usableStoredToken } from 'shared-ui/auth/token-claims';
import { pictureFor } from 'shared-ui/build/data-picture';
import { requestPreloadSearch, requestPreloadUrl } from 'shared-ui/build/request-preload';
import { uploadedImageSrcSet } from 'shared-ui/model/uploaded-image';
import { startEarlyRemoteLoad, type HeadStartSettings } from './early-remote-load';

declare const HEAD_START_SETTINGS: HeadStartSettings;

const settings = HEAD_START_SETTINGS;
startEarlyRemoteLoad(
  settings.routes,
  settings.firstPaint,
  settings.shellCode,
  settings.builtRemotes,
  settings.apiBaseUrl,
  {
    requestUrl: requestPreloadUrl,
    requestSearch: requestPreloadSearch,
    storedToken: usableStoredToken,
    memberOf: memberOfToken,
    srcSetOf: uploadedImageSrcSet,
    pictureFor,
    // Left to the browser: the module is the shell's own chunk, whose URL the build wrote into the settings.
    importFirebaseSession: (url) => import(/* @vite-ignore */ url),
  },
);
