/**
 * The one place the render service reads which release of each remote is live (remotes.json, from releases/live.json
 * and the environment, per request): the site's routes and the server render ask here,
 * so a promotion or a rollback is what the next request gets. A visitor in a canary's share is still rendered with the
 * live release (render/README.md): only /remotes.json chooses per visitor (release-choice.ts).
 */
import { liveRemotesJson } from '../../shared-ui/vite-config/apps.ts';

export const liveRemotes = (env: NodeJS.ProcessEnv): Record<string, string> =>
  JSON.parse(liveRemotesJson(env)) as Record<string, string>;
