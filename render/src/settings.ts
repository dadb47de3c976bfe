/**
 * The render service's settings, from the environment (docs/production.md, "The render service"). The ports, the remotes and the
 * shell's build are the site's own variables (site-config/apps.ts), as for the rest of the stack.
 */
import { portOf, SHELL, siteAddresses } from 'site-config/apps';
import { shellDist } from 'site-config/live-releases';
import { shellServerDist } from './page-body.ts';

export interface RenderSettings {
  port: number;
  host: string;
  /** The shell's build: its index.html is every page's document, its files are served as they are. */
  shellDist: string;
  /** The shell's server build (its page renderer), beside shellDist unless said. */
  shellServerDist: string;
  /** Where the server reaches the API (the artifact of a page, the sitemap's artifacts). */
  apiUrl: string;
  /** The site's public origin for canonical URLs, link previews and the sitemap; else each request's own. */
  publicOrigin?: string;
  /** Artifact Details open to visitors (head tags and the sitemap too); otherwise members only, as the spec says. */
  publicArtifactPages: boolean;
  /** Trust X-Forwarded-* from a proxy (nginx on loopback): Fastify's trustProxy. */
  trustProxy: boolean | string;
  /** A page's server render (its data and HTML) past this many milliseconds is sent client-rendered instead. */
  renderDeadlineMs: number;
  /** The environment remotes.json is answered from, per request (each remote's live release). */
  env: NodeJS.ProcessEnv;
}

export function renderSettings(env: NodeJS.ProcessEnv = process.env): RenderSettings {
  const publicOrigin = env.PUBLIC_ORIGIN ? new URL(env.PUBLIC_ORIGIN).origin : undefined;
  return {
    port: Number(env.RENDER_PORT ?? portOf(SHELL, env)),
    host: env.HOST ?? '0.0.0.0',
    shellDist: shellDist(env),
    shellServerDist: env.SHELL_SERVER_DIST || shellServerDist(shellDist(env)),
    apiUrl: env.RENDER_API_URL || siteAddresses(env).apiUrl,
    publicOrigin,
    publicArtifactPages: env.PUBLIC_ARTIFACT_PAGES === 'true',
    trustProxy: env.TRUST_PROXY === 'true' ? true : env.TRUST_PROXY || false,
    renderDeadlineMs: Number(env.RENDER_DEADLINE_MS || 4000),
    env,
  };
}
