/**
 * Which Image URLs an artifact may show. Every visitor's browser requests the URL, so it must be a public http(s)
 * address: no user name or password, no loopback, private, link-local or cloud metadata host. Hosts are read as the
 * WHATWG URL parser reads them (so `http://2130706433/` is 127.0.0.1), and the URL is stored as it serialises it.
 * The one exception: a URL of an uploaded photo's shape (`.../images/<id>/<width>.webp`) on a local host may be one
 * of the API's own photos, served from a local address in development; the API resolves it to the stored photo
 * or refuses it (api/src/images/image-store.ts).
 */
import { parseUploadedImageUrl } from './uploaded-image';

const METADATA_HOSTS = new Set([
  'metadata',
  'metadata.google.internal',
  'instance-data',
  'instance-data.ec2.internal',
]);

function ipv4Octets(host: string): number[] | null {
  const parts = host.split('.');
  if (parts.length !== 4 || !parts.every((part) => /^\d{1,3}$/.test(part))) return null;
  return parts.map(Number);
}

/** An IPv6 host as eight 16-bit groups (the parser has already expanded it to its canonical text). */
function ipv6Groups(host: string): number[] | null {
  if (!host.startsWith('[') || !host.endsWith(']')) return null;
  const [head = '', tail = ''] = host.slice(1, -1).split('::');
  const left = head ? head.split(':') : [];
  const right = host.includes('::') && tail ? tail.split(':') : [];
  const groups = host.includes('::')
    ? [...left, ...Array<string>(8 - left.length - right.length).fill('0'), ...right]
    : left;
  return groups.length === 8 ? groups.map((group) => parseInt(group, 16)) : null;
}

function ipv4IsLocal([a = 0, b = 0]: number[]): boolean {
  return (
    a === 0 || // this network
    a === 10 ||
    a === 127 ||
    (a === 100 && b >= 64 && b < 128) || // carrier-grade NAT
    (a === 169 && b === 254) ||
    (a === 172 && b >= 16 && b < 32) ||
    (a === 192 && b === 168)
  );
}

/** True for a host no public page should make browsers request: loopback, private, link-local, metadata. */
export function isLocalHost(hostname: string): boolean {
  const host = hostname.toLowerCase().replace(/\.$/, '');
  if (host === 'localhost' || host.endsWith('.localhost') || METADATA_HOSTS.has(host)) return true;
  const v4 = ipv4Octets(host);
  if (v4) return ipv4IsLocal(v4);
  const v6 = ipv6Groups(host);
  if (!v6) return false;
  const [first = 0] = v6;
  if (v6.slice(0, 5).every((group) => group === 0) && v6[5] === 0xffff)
    return ipv4IsLocal([v6[6]! >> 8, v6[6]! & 0xff]); // IPv4-mapped
  return (
    v6.slice(0, 7).every((group) => group === 0) || // :: and ::1
    (first & 0xfe00) === 0xfc00 || // unique local, fc00::/7
    (first & 0xffc0) === 0xfe80 // link-local, fe80::/10
  );
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
  if (isLocalHost(url.hostname) && !(parseUploadedImageUrl(url.href) && !METADATA_HOSTS.has(url.hostname)))
    return IMAGE_URL_MESSAGES.localHost;
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
