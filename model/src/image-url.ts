/**
 * Which Image URLs an artifact may show. Every visitor's browser requests the URL, so it must be a public http(s)
 * address: no user name or password, no local or cloud metadata host, and an IP address only in what ipaddr.js calls
 * unicast (not multicast, broadcast, documentation, benchmarking or another special range). Hosts are read as the
 * WHATWG URL parser reads them (so `http://2130706433/` is 127.0.0.1), and the URL is stored as it serialises it.
 * The one exception: a URL of an uploaded photo's shape (`.../images/<id>/<width>.webp`) on a local host may be one
 * of the API's own photos, served from a local address in development; the API resolves it to the stored photo
 * or refuses it (api/src/images/image-store.ts).
 */
import ipaddr from 'ipaddr.js';
import { parseUploadedImageUrl } from './uploaded-image';

const METADATA_HOSTS = new Set([
  'metadata',
  'metadata.google.internal',
  'instance-data',
  'instance-data.ec2.internal',
]);

/** ipaddr.js's ranges of the addresses a machine reaches without the public Internet. */
const LOCAL_RANGES: ReadonlySet<string> = new Set([
  'unspecified',
  'loopback',
  'private',
  'carrierGradeNat',
  'linkLocal',
  'uniqueLocal',
]);

const isZero = (group: number) => group === 0;

/**
 * The IP address a host (as the WHATWG parser serialises it) names, or null for a name. An IPv6 address that
 * carries an IPv4 one (IPv4-mapped ::ffff:0:0/96, IPv4-compatible ::/96, NAT64 64:ff9b::/96) is read as that IPv4
 * address: it reaches the same host.
 */
function addressOf(host: string): ipaddr.IPv4 | ipaddr.IPv6 | null {
  if (ipaddr.IPv4.isValidFourPartDecimal(host)) return ipaddr.IPv4.parse(host);
  const inside = host.startsWith('[') && host.endsWith(']') ? host.slice(1, -1) : null;
  if (inside === null || !ipaddr.IPv6.isValid(inside)) return null;
  const v6 = ipaddr.IPv6.parse(inside);
  const [a = 0, b = 0, ...middle] = v6.parts.slice(0, 6);
  const carriesIPv4 =
    (a === 0 && b === 0 && middle.slice(0, 3).every(isZero) && (middle[3] === 0 || middle[3] === 0xffff)) ||
    (a === 0x64 && b === 0xff9b && middle.every(isZero));
  return carriesIPv4 ? ipaddr.fromByteArray(v6.toByteArray().slice(12)) : v6;
}

const hostOf = (hostname: string) => hostname.toLowerCase().replace(/\.$/, '');

const isLocalName = (host: string) =>
  host === 'localhost' || host.endsWith('.localhost') || METADATA_HOSTS.has(host);

/** True for a host no public page should make browsers request: loopback, private, link-local, metadata. */
export function isLocalHost(hostname: string): boolean {
  const host = hostOf(hostname);
  const address = addressOf(host);
  return address ? LOCAL_RANGES.has(address.range()) : isLocalName(host);
}

/** True for a host every visitor's browser may be made to request: a public name or a unicast public address. */
function isPublicHost(hostname: string): boolean {
  const host = hostOf(hostname);
  const address = addressOf(host);
  return address ? address.range() === 'unicast' : !isLocalName(host);
}

export const IMAGE_URL_MESSAGES = {
  notHttp: 'Image URL must be a valid http(s) URL',
  credentials: 'Image URL must not contain a user name or password',
  localHost:
    'Image URL must point to a public address (not localhost, a private network or a cloud metadata address)',
} as const;

/** Why an Image URL is refused, or null. */
export function imageUrlProblem(value: string): string | null {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return IMAGE_URL_MESSAGES.notHttp;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return IMAGE_URL_MESSAGES.notHttp;
  if (url.username || url.password) return IMAGE_URL_MESSAGES.credentials;
  const ourLocalPhoto =
    parseUploadedImageUrl(url.href) && isLocalHost(url.hostname) && !METADATA_HOSTS.has(hostOf(url.hostname));
  if (!isPublicHost(url.hostname) && !ourLocalPhoto) return IMAGE_URL_MESSAGES.localHost;
  return null;
}

/** The URL as the WHATWG parser serialises it (what is stored); the text itself when it is no URL. */
export function normalizeImageUrl(value: string): string {
  try {
    return new URL(value).href;
  } catch {
    return value;
  }
}
