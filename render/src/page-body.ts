/**
 * A page's body rendered on the server with its data (#53), by the shell's server build (shell/dist-server, from
 * shell/src/server/render-page.tsx, loaded once at start-up). Failure is still a page: a remote whose server entry
 * cannot be loaded, a page that throws, a render past RENDER_DEADLINE_MS, or a shell built without its server build,
 * and the page is sent client-rendered as before (the shell's index.html), with the reason logged and counted; the
 * service stays up.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { RouteEntry } from '../../shell/src/routes/route-table.ts';
import type { PageMember } from './page-session.ts';

/** What the shell's server build renders (shell/src/server/render-page.tsx). */
export type ServerRenderResult =
  | { kind: 'page'; status: number; body: string; styles: string; state: unknown }
  | { kind: 'redirect'; status: number; location: string };

export interface ServerRenderRequest {
  url: URL;
  /** The member the page is for, or null for a visitor. */
  member: PageMember | null;
  remotes: Record<string, string>;
  routes: RouteEntry[];
  signal: AbortSignal;
  /** When the loaders' API calls give up, before `signal`: the page then renders its error state in time. */
  dataDeadline: AbortSignal;
}

interface ShellServerBuild {
  createPageRenderer(options: { apiUrl: string; fetchTimeoutMs: number }): ServerRenderer;
}

export type PageBody =
  | { kind: 'rendered'; result: ServerRenderResult }
  /** Sent client-rendered, and why: a render that failed, or a shell without its server renderer (`failed` false). */
  | { kind: 'client-rendered'; reason: string; failed: boolean };

export interface PageBodies {
  render(request: Omit<ServerRenderRequest, 'signal' | 'dataDeadline'>): Promise<PageBody>;
  /** How many pages were sent client-rendered since start-up for a failure (each logged with its reason). */
  readonly clientRendered: number;
}

/**
 * The share of the render deadline the loaders' API calls get: past it a call fails as an unreachable API would, and
 * the page renders its error state with the time left (an API that answers nothing costs no page).
 */
export const DATA_SHARE = 0.75;

/** The shell's server build beside its browser build: shell/dist-server for shell/dist. */
export const shellServerDist = (shellDist: string) => `${shellDist}-server`;

export type ServerRenderer = (request: ServerRenderRequest) => Promise<ServerRenderResult>;

/**
 * The shell's server renderer from its build (shell/dist-server/render-page.js), or why there is none: a shell built
 * without it (`vite build` alone) has its pages client-rendered.
 */
export async function loadShellRenderer(
  serverDist: string,
  options: { apiUrl: string; fetchTimeoutMs: number },
): Promise<ServerRenderer | string> {
  const entry = join(serverDist, 'render-page.js');
  if (!existsSync(entry)) return `the shell has no server build (${entry})`;
  try {
    const build = (await import(pathToFileURL(entry).href)) as ShellServerBuild;
    return build.createPageRenderer(options);
  } catch (error) {
    return `the shell's server build could not be loaded: ${(error as Error).message}`;
  }
}

/**
 * The pages' bodies from `renderer` (or the reason there is none), each render given `deadlineMs`; a failure is
 * logged with its reason and counted, and the page sent client-rendered.
 */
export function pageBodies(
  renderer: ServerRenderer | string,
  deadlineMs: number,
  log: (message: string) => void = console.warn,
): PageBodies {
  let clientRendered = 0;
  if (typeof renderer === 'string') log(`render: every page is sent client-rendered: ${renderer}`);
  const failedFor = (reason: string): PageBody => {
    clientRendered += 1;
    return { kind: 'client-rendered', reason, failed: true };
  };

  return {
    get clientRendered() {
      return clientRendered;
    },
    async render(request) {
      if (typeof renderer === 'string') return { kind: 'client-rendered', reason: renderer, failed: false };
      try {
        return {
          kind: 'rendered',
          result: await renderer({
            ...request,
            signal: AbortSignal.timeout(deadlineMs),
            dataDeadline: AbortSignal.timeout(Math.round(deadlineMs * DATA_SHARE)),
          }),
        };
      } catch (error) {
        const reason = (error as Error).message;
        log(`render: ${request.url.pathname}${request.url.search} sent client-rendered: ${reason}`);
        return failedFor(reason);
      }
    },
  };
}
