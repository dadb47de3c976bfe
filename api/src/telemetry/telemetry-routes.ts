/**
 * Release health's two calls (issue #56 item 2), in both path shapes like every call:
 *   POST /telemetry    the shell's batch of page views (navigator.sendBeacon, JSON sent as text/plain or
 *                      application/json), validated by the model's schema, at most TELEMETRY_MAX_BYTES, limited per
 *                      address (@fastify/rate-limit; the address is counted, never stored); 204.
 *   GET /release-health?since=<ISO time>   each release's page views, error rate and p75 vitals since then (the
 *                      last hour when not said): what `pnpm modules status` and `pnpm modules watch` read.
 * Neither takes identity: the figures are the site's, not a member's.
 */
import type { FastifyInstance, preHandlerAsyncHookHandler } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  releaseHealthSchema,
  TELEMETRY_MAX_BYTES,
  telemetryBatchSchema,
} from 'artifact-model/release-health';
import { errorAnswer } from '../http/api-schemas.ts';
import { ApiError } from '../http/errors.ts';
import { takeJsonSentAsText } from '../http/json-body.ts';
import type { ReleaseHealthStore } from './release-health-store.ts';

export interface TelemetryRouteDeps {
  health: ReleaseHealthStore;
  /** telemetryLimit's pre-handler, made once with the other limits (app.ts). */
  limit: preHandlerAsyncHookHandler;
}

/** `perAddress` batches a minute from one address. */
export function telemetryLimit(app: FastifyInstance, perAddress: number): preHandlerAsyncHookHandler {
  return app.rateLimit({
    timeWindow: 60_000,
    max: perAddress,
    keyGenerator: (request) => `telemetry:address:${request.ip}`,
    errorResponseBuilder: (_request, { max, after }) =>
      new ApiError(429, `Too many telemetry batches: at most ${max} a minute. Try again in ${after}.`),
  }) as preHandlerAsyncHookHandler;
}

const HOUR_MS = 60 * 60 * 1000;

export function telemetryRoutes({ health, limit }: TelemetryRouteDeps) {
  return async function routes(fastify: FastifyInstance) {
    const app = fastify.withTypeProvider<ZodTypeProvider>();
    takeJsonSentAsText(fastify);

    app.post(
      '/telemetry',
      {
        preHandler: limit,
        bodyLimit: TELEMETRY_MAX_BYTES,
        config: {
          bodyRefusal: {
            invalid: 'Invalid telemetry',
            empty: 'Invalid telemetry: the request body is empty; send { "views": [...] }',
            notAnObject: 'Invalid telemetry: the request body must be a JSON object',
          },
        },
        schema: {
          summary: "The shell's page views: each one's modules and releases, web vitals and errors",
          description:
            'Sent with navigator.sendBeacon (text/plain or application/json). Stored as per-release, per-minute ' +
            'roll-ups; no address, account or e-mail is kept.',
          tags: ['release health'],
          body: telemetryBatchSchema,
          response: {
            204: z.null().describe('Recorded'),
            400: errorAnswer('The batch is not as the schema says: `errors` names each field'),
            413: errorAnswer(`A batch over ${TELEMETRY_MAX_BYTES} bytes`),
            429: errorAnswer('More batches in a minute than this address may send'),
          },
        },
      },
      async (request, reply) => {
        await health.record(request.body.views);
        return reply.code(204).send(null);
      },
    );

    app.get(
      '/release-health',
      {
        schema: {
          summary: "Each release's page views, error rate and p75 web vitals over a window",
          tags: ['release health'],
          querystring: z.object({
            since: z.iso
              .datetime({ offset: true })
              .optional()
              .describe('The window starts here (its minute); the last hour when not given'),
          }),
          response: {
            200: z.object({ since: z.string(), releases: z.array(releaseHealthSchema) }),
            400: errorAnswer('`since` is not an ISO date and time'),
          },
        },
      },
      async (request, reply) => {
        const since = request.query.since ? new Date(request.query.since) : new Date(Date.now() - HOUR_MS);
        reply.header('Cache-Control', 'no-store');
        return { since: since.toISOString(), releases: await health.health(since) };
      },
    );
  };
}
