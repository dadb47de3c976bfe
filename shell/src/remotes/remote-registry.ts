/**
 * Runtime remote discovery: remotes.json (served no-cache) says where each remote's manifest lives; the remotes
 * are registered with the federation runtime the first time a page needs one. The first remotes.json and the
 * first route's manifest come from index.html's head start (first-paint/head-start) when it made those requests.
 */
import { loadRemote, registerPlugins, registerRemotes } from '@module-federation/runtime';
import type { ComponentType } from 'react';
import type { PageQuery } from 'shared-ui/data/page-query';
import { takeManifest, takeRemotesJson } from 'first-paint/hand-over/take';
import { kitContract, kitMismatchOf } from './kit-contract';

let registration: Promise<void> | null = null;
let pluginsInstalled = false;

/**
 * The shell's federation runtime plugins: the runtime asks the fetch hook before fetching a manifest (it hands over
 * the one index.html fetched), and the kit contract checks each manifest before the remote's code loads.
 */
function installRuntimePlugins(): void {
  if (pluginsInstalled) return;
  pluginsInstalled = true;
  registerPlugins([{ name: 'first-paint-manifest', fetch: (url) => takeManifest(url) }, kitContract()]);
}

async function registerFromRemotesJson(): Promise<void> {
  const response = await (takeRemotesJson() ?? fetch('/remotes.json', { cache: 'no-cache' }));
  if (!response.ok) throw new Error(`remotes.json answered ${response.status}`);
  const remotes = (await response.json()) as Record<string, string>;
  registerRemotes(
    Object.entries(remotes).map(([name, entry]) => ({ name, entry, type: 'module' })),
    // force: a retry after a failed load must not reuse the failed remote's cached entry.
    { force: true },
  );
}

function ensureRegistered(forceRefresh: boolean): Promise<void> {
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

/** An exposed page: its component, and the query it opens with when it has data (shared-ui/src/data/page-query.ts). */
export interface RemotePageModule {
  default: ComponentType;
  pageQuery?: PageQuery;
}

/** Loads `<remote>/<page>` and returns its module; any failure becomes a RemoteLoadError. */
export async function loadRemotePage(
  remote: string,
  page: string,
  { retry = false } = {},
): Promise<RemotePageModule> {
  try {
    await ensureRegistered(retry);
    const module = await loadRemote<RemotePageModule>(`${remote}/${page}`);
    if (!module?.default) throw new Error(`${remote}/${page} has no default export`);
    return module;
  } catch (error) {
    throw new RemoteLoadError(remote, page, kitMismatchOf(remote) ?? error);
  }
}
