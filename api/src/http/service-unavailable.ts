/**
 * Which service a failure says is away: the database, the photos' object storage or the identity provider. Each is
 * answered 503 with its own message and `Retry-After` (error-handler.ts), so a member is told what failed and what
 * to do, and a fault of one service is never reported as another's (an S3 connection refused is not the database).
 * Calls to object storage and the identity provider throw `ServiceUnavailableError` naming their service at the
 * source (images/image-files.ts, auth/verify-token.ts); a socket error or SQLSTATE that reaches the handler
 * unnamed comes from the database, the one service queried without such a wrapper.
 */
import { ApiError } from './errors.ts';

export type UnavailableService = 'database' | 'object storage' | 'identity provider';

/** What a request gets while each service is away: a 503 the client may retry. */
export const SERVICE_UNAVAILABLE: Record<UnavailableService, string> = {
  database:
    'The database is unavailable at the moment, so this request could not be completed: try again in a few seconds',
  'object storage':
    'Photo storage is unavailable at the moment, so the photo could not be stored or read: try again in a few minutes',
  'identity provider': 'Authentication service unavailable, try again later',
};

/** A call to `service` got no answer (or the service's own fault): a 503, with the service's message by default. */
export class ServiceUnavailableError extends ApiError {
  readonly service: UnavailableService;

  constructor(service: UnavailableService, message = SERVICE_UNAVAILABLE[service], options?: ErrorOptions) {
    super(503, message, undefined, options);
    this.name = 'ServiceUnavailableError';
    this.service = service;
  }
}

/** Node's socket errors: the server is not there (stopped, restarting, unreachable) or the connection broke. */
const NETWORK_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
]);
/**
 * node-postgres's own connection failures carry no code, only these messages (pg/lib/client.js, pg-pool/index.js):
 * a connection the server closed, and a pool that could not connect within connectionTimeoutMillis.
 */
const PG_CONNECTION_MESSAGES = [
  'Connection terminated',
  'timeout exceeded when trying to connect',
  'is not queryable',
];

/**
 * True for an object-storage call (the AWS SDK) that got no answer (the storage is down or unreachable: the SDK's
 * network errors carry no HTTP status) or the service's own fault (5xx, throttling): the storage is away. A refusal
 * (403, 404) is not.
 */
export function objectStorageAway(error: unknown): boolean {
  const { $metadata, $fault } = error as { $metadata?: { httpStatusCode?: number }; $fault?: string };
  return $fault === 'server' || $metadata?.httpStatusCode === undefined || $metadata.httpStatusCode >= 500;
}

/**
 * The service `error` says is away, or undefined when it says the request itself failed. Named at the source for
 * object storage and the identity provider (an AWS SDK error, which carries `$metadata`, is object storage's even
 * where a call was not wrapped); otherwise the database: SQLSTATE class 08 (connection exception), 57P01-57P03
 * (shut down by the operator or a crash, cannot connect now), 53300 (too many connections), or a socket error.
 * The API recovers by itself once the service is back.
 */
export function unavailableService(error: unknown): UnavailableService | undefined {
  if (error instanceof ServiceUnavailableError) return error.service;
  if (!(error instanceof Error)) return undefined;
  if ('$metadata' in error) return objectStorageAway(error) ? 'object storage' : undefined;
  const code = (error as { code?: unknown }).code;
  if (typeof code === 'string') {
    if (NETWORK_CODES.has(code) || code.startsWith('08') || code === '53300') return 'database';
    if (['57P01', '57P02', '57P03'].includes(code)) return 'database';
  }
  if (PG_CONNECTION_MESSAGES.some((message) => error.message.includes(message))) return 'database';
  return error.cause !== undefined && error.cause !== error ? unavailableService(error.cause) : undefined;
}
