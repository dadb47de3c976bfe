/**
 * A page's body rendered on the server with its data (#53), for the render service (render/src/page-body.ts): how the
 * remotes' server entries, the loaders and the render fit together is in render/README.md. Whatever goes wrong is a
 * PageRenderFailure with its reason: the render service then sends the page client-rendered.
 */
import { createInstance, type ModuleFederationRuntimePlugin } from '@module-federation/runtime';
import ssrEntryLoader from '@module-federation/vite/ssrEntryLoader';
import { AsyncLocalStorage } from 'node:async_hooks';
import * as React from 'react';
import * as ReactJsxRuntime from 'react/jsx-runtime';
import * as ReactDom from 'react-dom';
// The whole kit, provided to the remotes as the one shared-ui.
import * as sharedUi from 'shared-ui';
import {
  configureApi,
  createStaticHandler,
  createStaticRouter,
  dehydrate,
  isInfiniteQuery,
  KitProvider,
  QueryClient,
  RequestAuthStore,
  requestAuthStore,
  Spinner,
  StaticRouterProvider,
  type AuthUser,
  type DehydratedState,
  type ServerRequestCalls,
  type HydrationState,
  type LoaderFunction,
  type RouteObject,
} from 'shared-ui';
import { KIT, type PageModule } from 'shared-ui/shell-remote-contract';
import * as styledComponents from 'styled-components';
import { ServerStyleSheet } from 'styled-components';
import * as zustand from 'zustand';
import { kitContract, kitMismatchOf } from '../remotes/kit-contract';
import { RemotePageSource } from '../remotes/remote-page';
import type { PreloadableComponent } from '../routes/preloadable-page';
import type { RouteEntry } from '../routes/route-table';
import { appRoutes } from '../routes/router';
import { failureOf, messageOf, PageRenderFailure } from './page-render-failure';
import { renderToString } from './render-html';
import type { RenderedState } from './rendered-state';

/** The versions of the shared packages this build bundles or imports (vite.server.config.ts). */
declare const SHARED_VERSIONS: Record<string, string>;

/** The member a page is rendered for (the render service knows them from their page session cookie). */
export interface PageMember {
  user: AuthUser;
  /** Their page session cookie: the loaders read the API as them with it (`Session <cookie>`, reads only). */
  session: string;
}

export interface PageRenderRequest {
  url: URL;
  /** The member whose page this is, or null for a visitor. */
  member: PageMember | null;
  /** The visitor's releases of the remotes (name to manifest URL), as the render service chose them. */
  remotes: Record<string, string>;
  /** The site's routes, as the browser builds them (the remotes' pages, opened to visitors as the site says). */
  routes: RouteEntry[];
  /** Aborted when the render overruns its deadline. */
  signal: AbortSignal;
  /** Aborted when the loaders' API calls must give up: the page then renders its error state in time. */
  dataDeadline: AbortSignal;
}

export type PageRenderResult =
  | {
      kind: 'page';
      status: number;
      body: string;
      styles: string;
      state: RenderedState<DehydratedState, HydrationState, AuthUser>;
    }
  | { kind: 'redirect'; status: number; location: string };

type LoadPage = (remote: string, page: string) => Promise<PageModule>;

const MODULES: Record<string, unknown> = {
  react: React,
  'react/jsx-runtime': ReactJsxRuntime,
  'react-dom': ReactDom,
  'styled-components': styledComponents,
  zustand,
  [KIT]: sharedUi,
};

/** The modules this process shares with the remotes' server entries, as the host's singletons. */
const sharedModules = () =>
  Object.fromEntries(
    Object.entries(MODULES).map(([name, module]) => [
      name,
      {
        version: SHARED_VERSIONS[name.split('/')[0]!]!,
        lib: () => module,
        shareConfig: { singleton: true, requiredVersion: false as const },
      },
    ]),
  );

/** What a request being rendered sets for the code that runs for it: its remotes, and its API calls' member and deadline. */
interface RequestScope {
  remotes: Record<string, string>;
  calls: ServerRequestCalls;
}

/** Remotes maps kept with a runtime each (the live one, a canary's visitors'); the least recently used goes first. */
const KEPT_REMOTES_MAPS = 8;

/**
 * `apiUrl`: where the loaders reach the API; `fetchTimeoutMs`: how long a remote's manifest or server module may take
 * to arrive (below the render deadline).
 */
export function createPageRenderer({ apiUrl, fetchTimeoutMs }: { apiUrl: string; fetchTimeoutMs: number }) {
  const requestScope = new AsyncLocalStorage<RequestScope>();
  configureApi({ baseUrl: apiUrl, serverRequestCalls: () => requestScope.getStore()?.calls });
  // A federation runtime per remotes map: a canary's visitors' renders and the live release's run at once, each with
  // its own release of a remote (one runtime re-registered per request would hand one's module to the other).
  const federations = new Map<string, ReturnType<typeof createInstance>>();
  let created = 0;
  const federationFor = (remotes: Record<string, string>) => {
    const key = JSON.stringify(remotes);
    const federation =
      federations.get(key) ??
      createInstance({
        name: `shell_server_${(created += 1)}`,
        remotes: Object.entries(remotes).map(([name, entry]) => ({ name, entry })),
        shared: sharedModules(),
        plugins: [
          // Its types (1.23.8) type the entry's init and get as unknown, the runtime's as functions: the same object.
          ssrEntryLoader({ fetchTimeoutMs }) as ModuleFederationRuntimePlugin,
          kitContract(() => SHARED_VERSIONS[KIT]),
        ],
      });
    federations.delete(key);
    federations.set(key, federation);
    if (federations.size > KEPT_REMOTES_MAPS) federations.delete(federations.keys().next().value!);
    return federation;
  };
  // The remotes' server modules write their assets' URLs from their release's address (remoteServerConfig).
  Object.assign(globalThis, {
    __remoteAssetBase: (remote: string) => new URL('./', requestScope.getStore()?.remotes[remote]).href,
  });

  /** A remote page's module, from the request's remotes' runtime. */
  const loadPage: LoadPage = async (remote, page) => {
    const module = await federationFor(requestScope.getStore()!.remotes)
      .loadRemote<PageModule>(`${remote}/${page}`)
      .catch((error: unknown) => {
        throw failureOf(kitMismatchOf(remote) ?? error, `${remote}/${page} could not be loaded: `);
      });
    if (!module?.default) throw new PageRenderFailure(`${remote}/${page} has no server module`);
    return module;
  };

  /**
   * Runs in the request's scope: a module imported by its loader writes its assets' URLs at once, and the loaders'
   * API calls go as the member, within the data deadline.
   */
  const render = (request: PageRenderRequest) =>
    requestScope.run(
      {
        remotes: request.remotes,
        calls: {
          authorization: request.member ? `Session ${request.member.session}` : undefined,
          deadline: request.dataDeadline,
        },
      },
      () => renderIn(request),
    );

  async function renderIn({ url, member, routes, signal }: PageRenderRequest): Promise<PageRenderResult> {
    // A failed answer is the page's error state (retryOnMount would draw its loading state instead), as the browser
    // hydrates it (takeServerAnswers).
    const client = new QueryClient({
      defaultOptions: { queries: { retry: false, retryOnMount: false, staleTime: 60_000 } },
    });
    const loaded = new Map<string, PageModule>();
    const viewer = member?.user.uid;
    const handler = createStaticHandler(
      withLoaders(appRoutes(routes), routes, { loadPage, client, loaded, viewer }),
    );
    const context = await handler.query(new Request(url, { signal })).catch((error: unknown) => {
      throw signal.aborted
        ? new PageRenderFailure('its data overran the render deadline')
        : new PageRenderFailure(messageOf(error), { cause: error });
    });
    if (context instanceof Response)
      return { kind: 'redirect', status: context.status, location: context.headers.get('Location') ?? '/' };
    const [error] = Object.values(context.errors ?? {});
    if (error !== undefined) throw failureOf(error);

    const router = createStaticRouter(handler.dataRoutes, context);
    const sheet = new ServerStyleSheet();
    const app = sheet.collectStyles(
      <RequestAuthStore.Provider value={requestAuthStore(member?.user ?? null)}>
        <RemotePageSource.Provider value={serverPageSource(loaded)}>
          <KitProvider client={client}>
            <React.Suspense fallback={<Spinner />}>
              <StaticRouterProvider router={router} context={context} hydrate={false} />
            </React.Suspense>
          </KitProvider>
        </RemotePageSource.Provider>
      </RequestAuthStore.Provider>,
    );
    try {
      const body = await renderToString(app, signal);
      return {
        kind: 'page',
        status: context.statusCode,
        body,
        styles: sheet.getStyleTags(),
        state: {
          // Answers and failures alike: the browser hydrates the page as it was drawn.
          queries: dehydrate(client, { shouldDehydrateQuery: (query) => query.state.status !== 'pending' }),
          router: { loaderData: context.loaderData, actionData: context.actionData, errors: null },
          member: member?.user ?? null,
        },
      };
    } finally {
      sheet.seal();
    }
  }

  return render;
}

/**
 * The remote pages' routes with a loader each: it loads the page's module (kept in `loaded` for the render) and has
 * the query the page opens with answered into the request's client. prefetch never throws: a failed answer leaves
 * the page its own error or loading state.
 */
function withLoaders(
  layout: RouteObject[],
  routes: readonly RouteEntry[],
  {
    loadPage,
    client,
    loaded,
    viewer,
  }: { loadPage: LoadPage; client: QueryClient; loaded: Map<string, PageModule>; viewer: string | undefined },
): RouteObject[] {
  const loaderOf = (path: string | undefined): LoaderFunction | undefined => {
    const source = routes.find((route) => route.path === path)?.source;
    if (!source || !('remote' in source)) return undefined;
    return async ({ params, request }) => {
      const module = await loadPage(source.remote, source.page);
      loaded.set(`${source.remote}/${source.page}`, module);
      if (!module.pageQuery) return null;
      const query = module.pageQuery(params, viewer, new URL(request.url).searchParams);
      await (isInfiniteQuery(query) ? client.prefetchInfiniteQuery(query) : client.prefetchQuery(query));
      return null;
    };
  };
  return layout.map((route) => ({
    ...route,
    children: route.children?.map((child) => ({ ...child, loader: loaderOf(child.path) })),
  })) as RouteObject[];
}

/** The remote page's component from the module its loader loaded for this request. */
function serverPageSource(loaded: Map<string, PageModule>) {
  return (remote: string, page: string): PreloadableComponent => {
    const module = loaded.get(`${remote}/${page}`);
    const Page = module?.default;
    const Loaded = () => {
      if (!Page) throw new PageRenderFailure(`${remote}/${page} was not loaded before its render`);
      return <Page />;
    };
    return Object.assign(Loaded, { preload: () => Promise.resolve(module) });
  };
}
