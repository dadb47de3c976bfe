/**
 * The one place the render service reads which release of each remote is live (remotes.json, from releases/live.json
 * and the environment, per request): the shell's /remotes.json, the site's routes and the server render all ask here,
 * so a promotion or a rollback is what the next request gets. A per-visitor choice of release plugs in here.
 */
import { liveRemotesJson } from '../../shared-ui/vite-config/apps.ts';

export const liveRemotes = (env: NodeJS.ProcessEnv): Record<string, string> =>
  JSON.parse(liveRemotesJson(env)) as Record<string, string>;
