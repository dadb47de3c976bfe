/**
 * Builds the Fastify application from its parts. `startApi` opens the database, runs migrations and seeding, and
 * returns a handle that closes everything in order (HTTP first, then the database, then firebase-admin).
 */
import cors from '@fastify/cors';
import { z } from 'zod';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import Fastify, { type FastifyInstance } from 'fastify';
import { jsonSchemaTransform, jsonSchemaTransformObject, validatorCompiler } from 'fastify-type-provider-zod';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { accountRoutes } from './account/account-routes.ts';
import { settleInterruptedClosures } from './account/member-account.ts';
import { artifactRoutes } from './artifacts/artifact-routes.ts';
import { ArtifactStore } from './artifacts/artifact-store.ts';
import { createCollectionVersion } from './artifacts/collection-version.ts';
import { decorateMember } from './auth/member.ts';
import { createTokenVerifier, type TokenVerifier } from './auth/verify-token.ts';
import { API_ROOT, type ApiConfig } from './config.ts';
import { openDatabase, type Database } from './db/database.ts';
import { clientErrorHandler, registerErrorHandlers } from './http/error-handler.ts';
import { pathRefusal, refuseUrlsThatAreNotText, routePathsThatAreNotText } from './http/url-text.ts';
import { IdempotencyKeys } from './http/idempotency.ts';
import { registerJsonBodyParser } from './http/json-body.ts';
import { registerSecurityHeaders } from './http/security-headers.ts';
import { createWriteLimit } from './http/write-limit.ts';
import { imageUrlResolver, loadStaticImages, registerStaticImages } from './http/static-images.ts';
import { imageRoutes } from './images/image-routes.ts';
import { redisPhotoSlots } from './images/redis-photo-slots.ts';
import { openImageStore } from './images/image-store.ts';
import { seedStarterCollection } from './seed/seed-starter.ts';

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
  close(): Promise<void>;
}

export async function buildApp(config: ApiConfig, database: Database, verifier: TokenVerifier) {
  const images = loadStaticImages();
  const version = await createCollectionVersion(database.db, database.singleWriter, config.databaseUrl);
  const photos = openImageStore(database.db, config.images);
  const store = new ArtifactStore(database.db, version, photos, imageUrlResolver(config.publicUrl, images));

  const app = Fastify({
    logger: config.logLevel === 'silent' ? false : { level: config.logLevel },
    bodyLimit: BODY_LIMIT_BYTES,
    // Ids and e-mails in paths are short; anything longer is not a route of ours.
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: 320 },
    // Closing (SIGTERM) drains: see drainOnClose.
    forceCloseConnections: 'idle',
    return503OnClosing: false,
    // Behind a load balancer or reverse proxy (TRUST_PROXY), the client's address is the one it forwards.
    trustProxy: config.trustProxy,
    clientErrorHandler,
    rewriteUrl: routePathsThatAreNotText,
    frameworkErrors: pathRefusal,
  });

  app.addHook('onClose', () => version.close());
  drainOnClose(app);
  registerJsonBodyParser(app);
  registerErrorHandlers(app, BODY_LIMIT_BYTES);
  refuseUrlsThatAreNotText(app);
  decorateMember(app);
  // Each route's zod schemas validate its request; answers are written as JSON as they are (the response schemas
  // describe them in the OpenAPI document, and the tests check them: a member never gets a 500 for a field's shape).
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(() => (data) => JSON.stringify(data));
  registerSecurityHeaders(app);
  await app.register(cors, {
    origin: config.corsOrigins.includes('*') ? true : config.corsOrigins,
    methods: ['GET', 'HEAD', 'POST', 'PATCH', 'DELETE', 'OPTIONS'],
    allowedHeaders: ['Authorization', 'Content-Type', 'If-None-Match', 'Idempotency-Key'],
    exposedHeaders: ['ETag', 'X-Total-Count', 'X-Next-Cursor'],
    maxAge: 600,
  });

  // The OpenAPI document, written by @fastify/swagger from every route's schemas (both path shapes: each route is
  // registered at / and at /api), served at /openapi.json and, with swagger-ui, at /docs.
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
        },
      },
    },
    transform: jsonSchemaTransform,
    transformObject: jsonSchemaTransformObject,
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

  const writeLimit = await createWriteLimit(app, verifier, config.writeLimits);
  const idempotency = new IdempotencyKeys(database.db);
  const routes = artifactRoutes({ store, idempotency, verifier, writeLimit });
  await app.register(routes);
  await app.register(routes, { prefix: '/api' });
  const redisUrl = config.writeLimits.redisUrl;
  const sharedSlots = redisUrl
    ? redisPhotoSlots(redisUrl, config.images.processingTotal, app.log)
    : undefined;
  if (sharedSlots) app.addHook('onClose', () => sharedSlots.close());
  const uploads = imageRoutes({
    images: photos,
    idempotency,
    verifier,
    writeLimit,
    limits: config.images,
    sharedSlots,
  });
  await app.register(uploads);
  await app.register(uploads, { prefix: '/api' });
  const account = accountRoutes({ store, verifier, writeLimit });
  await app.register(account);
  await app.register(account, { prefix: '/api' });
  return { app, store, idempotency };
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

/** Runs a sweep now and then every quarter of an hour; it answers how many rows it removed, which are logged. */
function sweepEvery(app: FastifyInstance, removedWhat: string, sweep: () => Promise<number>): NodeJS.Timeout {
  const run = () =>
    sweep()
      .then((removed) => {
        if (removed) app.log.info({ removed }, `Removed ${removedWhat}`);
      })
      .catch((error: unknown) => app.log.warn({ err: error }, `Removing ${removedWhat} failed`));
  void run();
  return setInterval(() => void run(), SWEEP_INTERVAL_MS).unref();
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
    const { app, store, idempotency } = await buildApp(config, database, verifier);
    const seeded = config.seedStarter ? await seedStarterCollection(store) : 0;
    const graceHours = config.images.unusedGraceHours;
    const sweepers = [
      // A photo an artifact took meanwhile is kept (the foreign key refuses its removal): next time.
      sweepEvery(app, 'uploaded photos no artifact uses', () =>
        store.images.sweep(new Date(Date.now() - graceHours * 3_600_000)),
      ),
      sweepEvery(app, 'expired idempotency keys', () => idempotency.purgeExpired()),
      sweepEvery(app, 'account closings the identity provider interrupted', () =>
        settleInterruptedClosures(store, verifier),
      ),
    ];
    let closing: Promise<void> | undefined;
    return {
      app,
      database,
      store,
      verifier,
      config,
      seeded,
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
