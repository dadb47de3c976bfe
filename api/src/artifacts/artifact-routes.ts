/**
 * Every artifact call of spec section 7, one file per resource: reading artifacts, a member's own lists, adding,
 * updating and deleting, and votes. They share one context (its caches and the members' names followed), made here
 * once. Each route declares its schemas once: they validate the request (fastify-type-provider-zod;
 * http/error-handler.ts words the refusals) and write the OpenAPI document. Registered once, without /api: the
 * /api shape is served by the same route (http/api-path-shapes.ts).
 */
import type { FastifyInstance } from 'fastify';
import { artifactReadRoutes } from './artifact-read-routes.ts';
import { artifactRouteContext, type ArtifactRouteDeps } from './artifact-route-context.ts';
import { artifactWriteRoutes } from './artifact-write-routes.ts';
import { memberListRoutes } from './member-list-routes.ts';
import { voteRoutes } from './vote-routes.ts';

export function artifactRoutes(deps: ArtifactRouteDeps) {
  const context = artifactRouteContext(deps);
  const groups = [artifactReadRoutes, memberListRoutes, artifactWriteRoutes, voteRoutes];
  return async function register(app: FastifyInstance): Promise<void> {
    for (const routes of groups) await app.register(routes(context));
  };
}
