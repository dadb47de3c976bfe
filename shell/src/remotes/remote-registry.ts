/**
 * Runtime remote discovery: remotes.json (served no-cache) names each remote's manifest, which names its pages
 * (remote-routes.ts); the remotes are registered with the federation runtime.
 */
import { loadRemote, registerPlugins, registerRemotes } from '@module-federation/runtime';
import type { PageModule } from 'shared-ui/shell-remote-contract';
import { noteRelease, releaseOfManifestUrl } from '../telemetry/page-notes';
import { kitContract, kitMismatchOf } from './kit-contract';

let registration: Promise<Record<string, string>> | null = null;

/**
 * Each manifest's text by URL, read once for the routes and handed once to the federation runtime (which fetches it
 * itself after that, on a retry).
 */
const manifestTexts = new Map<string, Promise<string>>();

/** The manifest at `url`, read once (again when `fresh`, on a retry). */
export function manifestText(url: string, { fresh = false } = {}): Promise<string> {
  let text = fresh ? undefined : manifestTexts.get(url);
  if (!text) {
    text = fetch(url).then((response) =>
      response.ok ? response.text() : Promise.reject(new Error(`${url} answered ${response.status}`)),
    );
    manifestTexts.set(url, text);
  }
  return text;
}

function handOverManifest(url: string): Promise<Response> | undefined {
  const text = manifestTexts.get(url);
  manifestTexts.delete(url);
  return text?.then((body) => new Response(body, { headers: { 'Content-Type': 'application/json' } }));
}
let pluginsInstalled = false;

/**
 * The shell's federation runtime plugins: the runtime asks the fetch hook before fetching a manifest (it hands over
 * the one read for the routes), and the kit contract checks each manifest before the remote's code loads.
 */
function installRuntimePlugins(): void {
  if (pluginsInstalled) return;
  pluginsInstalled = true;
  registerPlugins([{ name: 'heritage-manifest-once', fetch: (url) => handOverManifest(url) }, kitContract()]);
}

async function registerFromRemotesJson(): Promise<Record<string, string>> {
  const response = await fetch('/remotes.json', { cache: 'no-cache' });
  if (!response.ok) throw new Error(`remotes.json answered ${response.status}`);
  const remotes = (await response.json()) as Record<string, string>;
  // Which release of each remote this page runs, for release health: the one its address names.
  for (const [name, entry] of Object.entries(remotes)) noteRelease(name, releaseOfManifestUrl(entry));
  registerRemotes(
    Object.entries(remotes).map(([name, entry]) => ({ name, entry, type: 'module' })),
    // force: a retry after a failed load must not reuse the failed remote's cached entry.
    { force: true },
  );
  return remotes;
}

/** Where each remote's manifest is (remotes.json), once the remotes are registered. */
export function ensureRegistered(forceRefresh: boolean): Promise<Record<string, string>> {
  if (!registration || forceRefresh) {
    installRuntimePlugins();
    registration = registerFromRemotesJson().catch((error: unknown) => {
      registration = null;
      throw error;
    });
  }
  return registration;
}

export class RemoteLoadError extends Error {
  constructor(
    readonly remote: string,
    readonly page: string,
    cause: unknown,
  ) {
    super(`The ${remote} module could not load ${page}`, { cause });
    this.name = 'RemoteLoadError';
  }
}

/** Loads `<remote>/<page>` and returns its module; any failure becomes a RemoteLoadError. */
export async function loadRemotePage(
  remote: string,
  page: string,
  { retry = false } = {},
): Promise<PageModule> {
  try {
    await ensureRegistered(retry);
    const module = await loadRemote<PageModule>(`${remote}/${page}`);
    if (!module?.default) throw new Error(`${remote}/${page} has no default export`);
    return module;
  } catch (error) {
    throw new RemoteLoadError(remote, page, kitMismatchOf(remote) ?? error);
  }
}
