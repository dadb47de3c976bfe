/**
 * Both path shapes of spec section 7 (`/artifacts` and `/api/artifacts`) from one registration of each route. The
 * API's routes are registered once, without the prefix (`register`), and Fastify's `rewriteUrl`, its documented hook
 * before routing, takes `/api` off a request whose path is one of theirs (`withoutPrefix`): both shapes reach the same
 * route, with the same hooks, limits and answers. What is not an API route (/health, /metrics, /docs, /openapi.json,
 * the starter images) is not served under /api. The URL as the client sent it stays `request.originalUrl`: error
 * messages, the metrics' route label (`routeAsAddressed`) and the logs use it, so each shape reads as itself.
 */
import FindMyWay from 'find-my-way';
import type { FastifyInstance, FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { SwaggerTransformObject } from '@fastify/swagger';

export const API_PREFIX = '/api';

export interface ApiRoute {
  method: string;
  url: string;
}

export interface ApiPathShapes {
  /** Every API route, registered once each: the one list both shapes are served from. */
  readonly routes: readonly ApiRoute[];
  /** Registers the API's route plugins, each route once, recording its path. */
  register(app: FastifyInstance, plugins: FastifyPluginAsync[]): Promise<void>;
  /** For `rewriteUrl`: `/api` + an API route's path without the prefix (its query kept); any other URL as it is. */
  withoutPrefix(url: string): string;
  /** For @fastify/swagger's `transformObject`: every API path of the document listed in the /api shape too. */
  documentBothShapes(document: ReturnType<SwaggerTransformObject>): ReturnType<SwaggerTransformObject>;
}

export function apiPathShapes(): ApiPathShapes {
  // Paths matched as Fastify's router matches them (find-my-way, trailing slash ignored), whatever the method (a
  // method the path lacks stays its 405) and however long a parameter (one too long stays the route's 414).
  const paths = FindMyWay({ ignoreTrailingSlash: true, maxParamLength: Number.MAX_SAFE_INTEGER });
  const isApiPath = (path: string) => paths.find('GET', path) !== null;
  const routes: ApiRoute[] = [];
  return {
    routes,
    async register(app, plugins) {
      await app.register(async (scope) => {
        scope.addHook('onRoute', ({ method, url }) => {
          for (const each of [method].flat())
            if (!routes.some((route) => route.method === each && route.url === url))
              routes.push({ method: each, url });
          if (!isApiPath(url)) paths.on('GET', url, () => undefined);
        });
        for (const plugin of plugins) await scope.register(plugin);
      });
    },
    withoutPrefix(url) {
      const unprefixed = withoutApiPrefix(url);
      return unprefixed !== undefined && isApiPath(unprefixed) ? unprefixed : url;
    },
    documentBothShapes(document) {
      const documented = document.paths ?? {};
      const prefixed = Object.entries(documented)
        .filter(([path]) => isApiPath(path))
        .map(([path, operations]) => [API_PREFIX + path, operations]);
      return { ...document, paths: { ...documented, ...Object.fromEntries(prefixed) } };
    },
  };
}

/** A URL under /api without the prefix, or undefined. Its path starts it, or follows the host (http://host/api/...). */
function withoutApiPrefix(url: string): string | undefined {
  const start = url.startsWith('/') ? 0 : url.indexOf('/', url.indexOf('//') + 2);
  if (start < 0 || !url.startsWith(`${API_PREFIX}/`, start)) return undefined;
  return url.slice(0, start) + url.slice(start + API_PREFIX.length);
}

/**
 * The route a request matched as the client addressed it: `/api/artifacts/:id` for a request under /api. A catch-all
 * (CORS preflights' `*`) is the same route in both shapes.
 */
export function routeAsAddressed(request: FastifyRequest): string | undefined {
  const route = request.routeOptions.url;
  const sent = request.originalUrl;
  if (route === undefined || sent === request.url || route.includes('*')) return route;
  return withoutApiPrefix(sent) === request.url ? prefixed(route) : route;
}

/** One string per route for its /api shape, not a new one per request: the metrics look their series up by it. */
const prefixedRoutes = new Map<string, string>();
function prefixed(route: string): string {
  let addressed = prefixedRoutes.get(route);
  if (addressed === undefined) prefixedRoutes.set(route, (addressed = API_PREFIX + route));
  return addressed;
}
