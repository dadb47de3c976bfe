/** Whether a query failed because the PostgreSQL server is away (stopped, restarting, unreachable), not because of the query. */
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
 * True when `error` says the PostgreSQL server cannot be reached or is not accepting work now (stopped, restarting,
 * starting up, out of connections), rather than that the query was wrong: SQLSTATE class 08 (connection exception),
 * 57P01-57P03 (shut down by the operator or a crash, cannot connect now), 53300 (too many connections), or a
 * socket error. The API answers those 503 (error-handler.ts) and recovers by itself once the server is back.
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  const code = (error as { code?: unknown }).code;
  if (typeof code === 'string') {
    if (NETWORK_CODES.has(code) || code.startsWith('08') || code === '53300') return true;
    if (['57P01', '57P02', '57P03'].includes(code)) return true;
  }
  if (PG_CONNECTION_MESSAGES.some((message) => error.message.includes(message))) return true;
  return error.cause !== undefined && error.cause !== error && isDatabaseUnavailable(error.cause);
}
