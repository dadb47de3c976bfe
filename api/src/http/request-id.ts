/**
 * Every request has an id, which its log lines carry (pino's `reqId`) and its answer names in `X-Request-Id`, so one
 * request can be followed from the web server's log to the API's and back to what the client saw (answer-headers.ts
 * sets the header). The id is the one the request came with in `X-Request-Id` (production's nginx sends its own
 * `$request_id`, or the one its client sent: deploy/nginx/render.ts) when it is a plain token, or a new version-4
 * UUID: an id is never trusted for anything but finding log lines, and one of other characters or over
 * REQUEST_ID_MAX characters is replaced, not logged.
 *
 * Why not `crypto.randomUUID()`: it joins 20 strings per id, which the log then flattens; that and its garbage were a
 * measurable part of what the metrics and ids cost a read (#56, bench/results/metrics.md). New ids are written out
 * IDS_PER_DRAW at a time, as one string in one native call, and each id is a slice of it.
 */
import { randomBytes } from 'node:crypto';
import type { IncomingMessage } from 'node:http';

export const REQUEST_ID_HEADER = 'x-request-id';
const REQUEST_ID_MAX = 128;
/** Letters, digits and - _ . : (a UUID, nginx's 32 hex digits, a load balancer's trace id). */
const PLAIN_TOKEN = new RegExp(`^[\\w.:-]{1,${REQUEST_ID_MAX}}$`);

const UUID_LENGTH = 36;
const IDS_PER_DRAW = 256;
const HEX = Buffer.from('0123456789abcdef', 'latin1');

/** IDS_PER_DRAW random version-4 UUIDs (RFC 9562), written one after the other. */
function drawUuids(): string {
  const random = randomBytes(16 * IDS_PER_DRAW);
  const text = Buffer.allocUnsafe(UUID_LENGTH * IDS_PER_DRAW);
  let at = 0;
  for (let byte = 0; byte < random.length; byte++) {
    const inId = byte % 16;
    let value = random[byte]!;
    if (inId === 6) value = (value & 0x0f) | 0x40; // version 4
    if (inId === 8) value = (value & 0x3f) | 0x80; // variant 10
    // A dash before the 5th, 7th, 9th and 11th byte.
    if (inId === 4 || inId === 6 || inId === 8 || inId === 10) text[at++] = 0x2d;
    text[at++] = HEX[value >> 4]!;
    text[at++] = HEX[value & 0x0f]!;
  }
  return text.toString('latin1');
}

let drawn = '';
let nextId = IDS_PER_DRAW;

/** A new random version-4 UUID. */
export function newRequestId(): string {
  if (nextId === IDS_PER_DRAW) {
    drawn = drawUuids();
    nextId = 0;
  }
  const start = UUID_LENGTH * nextId++;
  return drawn.slice(start, start + UUID_LENGTH);
}

/** Fastify's genReqId: the request's own id when it is a plain token, else a new one. */
export function requestIdOf(request: IncomingMessage): string {
  const given = request.headers[REQUEST_ID_HEADER];
  return typeof given === 'string' && PLAIN_TOKEN.test(given) ? given : newRequestId();
}
