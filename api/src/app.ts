/**
 * Builds the Fastify application from its parts. `startApi` opens the database, runs migrations and seeding, and
 * returns a handle that closes everything in order (HTTP first, then the database, then firebase-admin).
 */
import cookie from '@fastify/cookie';
import cors, { type FastifyCorsOptions } from '@fastify/cors';
import { z } from 'zod';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import Fastify, { type FastifyInstance, type FastifyRequest } from 'fastify';
import { jsonSchemaTransform, jsonSchemaTransformObject, validatorCompiler } from 'fastify-type-provider-zod';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ACCOUNT_CLOSE_LIMIT, accountRoutes, DATA_EXPORT_LIMIT } from './account/account-routes.ts';
import { closeVanishedAccounts, settleInterruptedClosures } from './account/member-account.ts';
import { artifactRoutes } from './artifacts/artifact-routes.ts';
import { ArtifactStore } from './artifacts/artifact-store.ts';
import { createCollectionVersion } from './artifacts/collection-version.ts';
import { decorateMember } from './auth/member.ts';
import { createTokenVerifier, type TokenVerifier } from './auth/verify-token.ts';
import { API_ROOT, type ApiConfig } from './config.ts';
import { inOneProcess, openDatabase, type Database } from './db/database.ts';
import { smtpForwarder } from './contact/contact-mail.ts';
import { contactLimit, contactRoutes } from './contact/contact-routes.ts';
import { ReleaseHealthStore } from './telemetry/release-health-store.ts';
import { telemetryLimit, telemetryRoutes } from './telemetry/telemetry-routes.ts';
import { clientErrorHandler, registerErrorHandlers } from './http/error-handler.ts';
import { pathRefusal, refuseUrlsThatAreNotText, routePathsThatAreNotText } from './http/url-text.ts';
import { apiPathShapes, type ApiRoute } from './http/api-path-shapes.ts';
import { IdempotencyKeys } from './http/idempotency.ts';
import { registerJsonBodyParser } from './http/json-body.ts';
import { registerMetrics } from './http/metrics.ts';
import { requestIdOf } from './http/request-id.ts';
import { registerAnswerHeaders } from './http/answer-headers.ts';
import { createWriteLimit, memberLimit, registerRequestLimits } from './http/write-limit.ts';
import { imageUrlResolver, loadStaticImages, registerStaticImages } from './http/static-images.ts';
import { imageRoutes, photoQueue } from './images/image-routes.ts';
import { redisPhotoSlots } from './images/redis-photo-slots.ts';
import { openImageStore } from './images/image-store.ts';
import { seedStarterCollection } from './seed/seed-starter.ts';
import { PAGE_SESSION_PATH, sessionRoutes } from './session/session-routes.ts';

/** The API's version, as its package says (the OpenAPI document's too). */
const API_VERSION = (JSON.parse(readFileSync(join(API_ROOT, 'package.json'), 'utf8')) as { version: string })
  .version;

/** Big enough for every field at its maximum length, even fully \u-escaped; anything larger is a 413. */
export const BODY_LIMIT_BYTES = 128 * 1024;

export interface Api {
  app: FastifyInstance;
  database: Database;
  store: ArtifactStore;
  verifier: TokenVerifier;
  config: ApiConfig;
  /** Number of starter artifacts inserted at this start (0 when already seeded or turned off). */
  seeded: number;
  /** Every API route, registered once; each answers in both path shapes (http/api-path-shapes.ts). */
  apiRoutes: readonly ApiRoute[];
  close(): Promise<void>;
}

export async function buildApp(config: ApiConfig, database: Database, verifier: TokenVerifier) {
  const images = loadStaticImages();
  const version = await createCollectionVersion(database.db, database.singleWriter, config.databaseUrl);
  const photos = openImageStore(database.db, config.images);
  const store = new ArtifactStore(database.db, version, photos, imageUrlResolver(config.publicUrl, images));

  const pathShapes = apiPathShapes();
  const app = Fastify({
    logger:
      config.logLevel === 'silent' ? false : { level: config.logLevel, serializers: { req: requestAsSent } },
    // The id from the web server in front (X-Request-Id) when it is a plain token, else a new one (http/request-id.ts).
    requestIdHeader: false,
    genReqId: requestIdOf,
    bodyLimit: BODY_LIMIT_BYTES,
    // Ids and e-mails in paths are short; anything longer is not a route of ours.
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: 320 },
    // Closing (SIGTERM) drains: see drainOnClose.
    forceCloseConnections: 'idle',
    return503OnClosing: false,
    // Behind a load balancer or reverse proxy (TRUST_PROXY), the client's address is the one it forwards.
    trustProxy: config.trustProxy,
    clientErrorHandler,
    rewriteUrl: (request) => pathShapes.withoutPrefix(routePathsThatAreNotText(request)),
    frameworkErrors: pathRefusal,
  });

  app.addHook('onClose', () => version.close());
  registerAnswerHeaders(app);
  drainOnClose(app);
  // The write limits' counters and the photo slots, in Redis with REDIS_URL; the metrics, before any route.
  const redisUrl = config.writeLimits.redisUrl;
  const writeLimitRedis = await registerRequestLimits(app, redisUrl);
  const sharedSlots = redisUrl
    ? redisPhotoSlots(redisUrl, config.images.processingTotal, app.log)
    : undefined;
  if (sharedSlots) app.addHook('onClose', () => sharedSlots.close());
  const queue = photoQueue(config.images.processingConcurrency, sharedSlots);
  registerMetrics(app, {
    databasePool: database.pool,
    photoQueue: queue,
    redis: {
      ...(writeLimitRedis ? { write_limit: writeLimitRedis } : {}),
      ...(sharedSlots ? { photo_slots: sharedSlots.redis } : {}),
    },
    objectStorageReachable: photos.files.reachable?.bind(photos.files),
  });
  registerJsonBodyParser(app);
  registerErrorHandlers(app, BODY_LIMIT_BYTES);
  refuseUrlsThatAreNotText(app);
  decorateMember(app);
  // Each route's zod schemas validate its request; answers are written as JSON as they are (the response schemas
  // describe them in the OpenAPI document, and the tests check them: a member never gets a 500 for a field's shape).
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(() => (data) => JSON.stringify(data));
  await registerCors(app, config.corsOrigins);
  // Only to write the page session cookie (session/): no route reads cookies, so none is parsed.
  await app.register(cookie, { hook: false });

  // The OpenAPI document, written by @fastify/swagger from every route's schemas (each API path in both shapes),
  // served at /openapi.json and, with swagger-ui, at /docs.
  await app.register(swagger, {
    openapi: {
      openapi: '3.0.3',
      info: {
        title: 'Heritage Vault API',
        version: API_VERSION,
        description:
          'REST API of Heritage Vault. Authenticated calls send `Authorization: Bearer <Firebase ID token>`. ' +
          'Every path is served in both shapes, with and without the /api prefix. Errors answer { success: false, message, errors? }.',
      },
      servers: [{ url: config.publicUrl }],
      components: {
        securitySchemes: {
          bearerAuth: { type: 'http', scheme: 'bearer', bearerFormat: 'Firebase ID token' },
          pageSession: {
            type: 'apiKey',
            in: 'header',
            name: 'Authorization',
            description: "'Session <cookie>': a page session cookie, on reads only (the render service)",
          },
        },
      },
    },
    transform: jsonSchemaTransform,
    transformObject: (document) => pathShapes.documentBothShapes(jsonSchemaTransformObject(document)),
  });
  // /docs is the API's one page: swagger-ui's scripts and styles from here, and the style attributes its React sets.
  const docsPolicy =
    "default-src 'self'; base-uri 'self'; object-src 'none'; frame-ancestors 'none'; img-src 'self' data:; " +
    "font-src 'self' data:; script-src 'self'; script-src-attr 'none'; style-src 'self' 'unsafe-inline'";
  await app.register(swaggerUi, { routePrefix: '/docs', staticCSP: docsPolicy });
  app.get('/openapi.json', { schema: { hide: true } }, () => app.swagger());

  app.get(
    '/health',
    { schema: { summary: 'Liveness', tags: ['service'], response: { 200: z.object({ ok: z.boolean() }) } } },
    () => ({ ok: true }),
  );
  registerStaticImages(app, images);

  const writeLimit = createWriteLimit(app, verifier, config.writeLimits);
  // A refused token counts per address in each limit, as for writes.
  const { perAddress } = config.writeLimits;
  const idempotency = new IdempotencyKeys(database.db);
  const artifacts = artifactRoutes({ store, idempotency, verifier, writeLimit });
  const uploads = imageRoutes({
    images: photos,
    idempotency,
    verifier,
    writeLimit,
    limits: config.images,
    queue,
  });
  const account = accountRoutes({
    store,
    verifier,
    closeLimit: memberLimit(app, verifier, { ...ACCOUNT_CLOSE_LIMIT, perAddress }),
    exportLimit: memberLimit(app, verifier, { ...DATA_EXPORT_LIMIT, perAddress }),
  });
  const contact = contactRoutes({
    db: database.db,
    idempotency,
    limit: contactLimit(app, config.contact.perAddress),
    forward: smtpForwarder(config.contact),
  });
  const releaseHealth = new ReleaseHealthStore(database.db, config.telemetry.retentionDays);
  const telemetry = telemetryRoutes({
    health: releaseHealth,
    limit: telemetryLimit(app, config.telemetry.perAddress),
  });
  const session = sessionRoutes({ verifier, lifetimeDays: config.pageSessionDays });
  // Each once, without /api: the /api shape reaches the same route (http/api-path-shapes.ts).
  await pathShapes.register(app, [artifacts, uploads, account, contact, telemetry, session]);
  return { app, store, idempotency, releaseHealth, apiRoutes: pathShapes.routes };
}

/** A request as the logs show it: its URL as the client sent it (under /api, when it came so). */
function requestAsSent(request: FastifyRequest) {
  return {
    method: request.method,
    url: request.originalUrl,
    host: request.host,
    remoteAddress: request.ip,
    remotePort: request.socket?.remotePort,
  };
}

/**
 * CORS for the site's pages, which live on other origins than the API: the allowed origins (or any, for `*`), without
 * credentials, so no cookie goes with a call and none is set by its answer. The page session's routes alone allow
 * credentials, for the listed origins exactly (never any origin: with `*` they answer no other origin), since the
 * cookie they set must reach the browser; their preflights are matched by path, as the preflight has no route of its
 * own.
 */
async function registerCors(app: FastifyInstance, origins: string[]): Promise<void> {
  const anyOrigin = origins.includes('*');
  const everyRoute: FastifyCorsOptions = {
    origin: anyOrigin ? true : origins,
    methods: ['GET', 'HEAD', 'POST', 'PATCH', 'DELETE', 'OPTIONS'],
    allowedHeaders: ['Authorization', 'Content-Type', 'If-None-Match', 'Idempotency-Key'],
    exposedHeaders: ['ETag', 'X-Total-Count', 'X-Next-Cursor', 'X-Request-Id'],
    maxAge: 600,
  };
  const pageSession: FastifyCorsOptions = {
    ...everyRoute,
    origin: anyOrigin ? false : origins,
    credentials: true,
  };
  // Both shapes: the URL has lost its /api here (http/api-path-shapes.ts).
  const sessionPaths = new Set([PAGE_SESSION_PATH, `${PAGE_SESSION_PATH}/`]);
  await app.register(cors, {
    delegator: (request, callback) =>
      callback(null, sessionPaths.has(request.url.split('?', 1)[0]!) ? pageSession : everyRoute),
  });
}

/** How long a closing process waits for requests in progress before it cuts their connections. */
const DRAIN_MS = 10_000;

/**
 * A process that is stopped (SIGTERM, a rolling restart behind nginx) stops accepting connections and closes its idle
 * ones, and answers what it was sent: requests in progress finish, and each answer from then on carries `Connection:
 * close`, so the proxy opens its next connection to another process instead of keeping this one. A write in progress
 * is thus acknowledged, not cut off. Whatever is still open after DRAIN_MS is cut. (Without the header on the answers
 * in progress, their connections stayed open and idle until DRAIN_MS cut them, with a request of nginx's now and then.)
 */
function drainOnClose(app: FastifyInstance): void {
  let draining = false;
  app.addHook('preClose', (done) => {
    draining = true;
    setTimeout(() => app.server.closeAllConnections(), DRAIN_MS).unref();
    done();
  });
  app.addHook('onSend', (_request, reply, payload, done) => {
    if (draining) reply.header('Connection', 'close');
    done(null, payload);
  });
}

/** How often sweeps run: unused photos' grace period and idempotency keys' life are hours, so this is prompt enough. */
const SWEEP_INTERVAL_MS = 15 * 60_000;
/** How often the outbox of photo copies to remove is tried again while storage does not answer. */
const PHOTO_REMOVALS_INTERVAL_MS = 30_000;
/** The advisory lock (one key) that keeps the sweep against the identity provider to one process at a time. */
const ACCOUNT_SWEEP_LOCK = 0x4856_4153;

/** Runs a sweep now and then every `intervalMs`; it answers how many rows it removed (or closed), which are logged. */
function sweepEvery(
  app: FastifyInstance,
  removedWhat: string,
  sweep: () => Promise<number>,
  intervalMs = SWEEP_INTERVAL_MS,
): NodeJS.Timeout {
  const run = () =>
    sweep()
      .then((removed) => {
        if (removed) app.log.info({ removed }, `Removed ${removedWhat}`);
      })
      .catch((error: unknown) => app.log.warn({ err: error }, `Removing ${removedWhat} failed`));
  void run();
  return setInterval(() => void run(), intervalMs).unref();
}

/**
 * A token whose account the provider no longer has (deleted in its console or with the Admin SDK) has that account
 * closed, as the sweep would, once per account at a time.
 */
function closeWhenAccountGone(app: FastifyInstance, store: ArtifactStore, verifier: TokenVerifier): void {
  const closing = new Set<string>();
  verifier.whenAccountGone((uid) => {
    if (closing.has(uid)) return;
    closing.add(uid);
    closeVanishedAccounts(store, verifier, [uid])
      .then((closed) => {
        if (closed) app.log.info({ uid }, 'Closed an account the identity provider no longer has');
      })
      .catch((error: unknown) => app.log.warn({ err: error, uid }, 'Closing a vanished account failed'))
      .finally(() => closing.delete(uid));
  });
}

export async function startApi(config: ApiConfig): Promise<Api> {
  const database = await openDatabase({
    databaseUrl: config.databaseUrl,
    pgliteDataDir: config.pgliteDataDir,
  });
  const verifier = createTokenVerifier({
    projectId: config.firebaseProjectId,
    authEmulatorHost: config.authEmulatorHost,
    cacheSeconds: config.tokenCacheSeconds,
    timeoutMs: config.identityProviderTimeoutMs,
  });
  try {
    const { app, store, idempotency, releaseHealth, apiRoutes } = await buildApp(config, database, verifier);
    const seeded = config.seedStarter ? await seedStarterCollection(store) : 0;
    const graceHours = config.images.unusedGraceHours;
    const sweepers = [
      // A photo an artifact took meanwhile is kept (the foreign key refuses its removal): next time.
      sweepEvery(app, 'uploaded photos no artifact uses', () =>
        store.images.sweep(new Date(Date.now() - graceHours * 3_600_000)),
      ),
      sweepEvery(app, 'expired idempotency keys', () => idempotency.purgeExpired()),
      sweepEvery(app, 'release health older than TELEMETRY_RETENTION_DAYS', () => releaseHealth.prune()),
      sweepEvery(app, 'account closings the identity provider interrupted', () =>
        settleInterruptedClosures(store, verifier),
      ),
      sweepEvery(
        app,
        'photo copies of removed photos',
        () => store.images.sweepRemovals(),
        PHOTO_REMOVALS_INTERVAL_MS,
      ),
      sweepEvery(
        app,
        'accounts the identity provider no longer has (closed)',
        async () =>
          (await inOneProcess(database, ACCOUNT_SWEEP_LOCK, () => closeVanishedAccounts(store, verifier))) ??
          0,
        config.accountSweepMinutes * 60_000,
      ),
    ];
    closeWhenAccountGone(app, store, verifier);
    let closing: Promise<void> | undefined;
    return {
      app,
      database,
      store,
      verifier,
      config,
      seeded,
      apiRoutes,
      close() {
        closing ??= (async () => {
          for (const sweeper of sweepers) clearInterval(sweeper);
          try {
            await app.close();
          } finally {
            await database.close();
            await verifier.close();
          }
        })();
        return closing;
      },
    };
  } catch (error) {
    await database.close().catch(() => undefined);
    await verifier.close().catch(() => undefined);
    throw error;
  }
}
