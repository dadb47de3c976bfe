/**
 * A picture of a page with data, drawn before any of the page's code has run. The build renders the page with its
 * own components (vite/publish-pictures.ts) for a few samples: a member and the page's first API answer whose every
 * text is a mark naming where it comes from ('data.name'), other values (a vote, null) fixed. The head start takes
 * the first sample the early request's answer fits, puts each text in place of its mark, escaped, and shows it
 * (draw.ts). The head start bundles it and the build imports it: it imports only the dependency-free model.
 */
import { isHttpUrl } from 'artifact-model/artifact-fields';

/**
 * What a picture is drawn from: the signed-in member (as the auth store holds them), the answer's body and headers
 * (by lower-case name), the route's parameters, and the page URL's query parameters the answer depends on ('' when
 * absent: early-request.ts).
 */
export interface PictureContext {
  member?: object | null;
  data?: unknown;
  headers?: Record<string, string>;
  params?: Record<string, string>;
  search?: Record<string, string>;
}

/** One rendering of a page, and the sample it was rendered from. */
export interface Picture {
  sample: PictureContext;
  html: string;
}

/**
 * Where a URL mark sits: a URL of the reserved `.invalid` domain, so a page that requires an http(s) URL (the form's
 * image preview) draws it as one. Head starts before kit 1.4 do not know it: to them it is no mark, so they find no
 * fit in a sample with one and draw nothing.
 */
const URL_MARK_ORIGIN = 'https://mark.invalid/';

/** A mark is plain text in HTML and in a URL path, and nothing React or the router rewrites. */
const MARK = new RegExp(`(${URL_MARK_ORIGIN.replace(/[./]/g, '\\$&')})?__HV_([\\w.-]+?)__`, 'g');
const WHOLE_MARK = new RegExp(`^${MARK.source}$`);

/** The mark of the text at `path` of the context ('data.name', 'params.id', 'headers.x-total-count'). */
export const mark = (path: string): string => `__HV_${path}__`;

/** The mark of the http(s) URL at `path` of the context: it fits only such a URL (above, URL_MARK_ORIGIN). */
export const urlMark = (path: string): string => `${URL_MARK_ORIGIN}${mark(path)}`;

/** A record of `fields` whose values are their marks under `prefix` ('data'), with `fixed` values beside them. */
export function markedRecord<T extends Record<string, unknown>>(
  prefix: string,
  fields: readonly string[],
  fixed: T = {} as T,
): Record<string, unknown> & T {
  return { ...Object.fromEntries(fields.map((field) => [field, mark(`${prefix}.${field}`)])), ...fixed };
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** The value at a dotted `path` of `context` ('data.0.name'). */
const valueAt = (context: unknown, path: string): unknown =>
  path
    .split('.')
    .reduce<unknown>((at, key) => (typeof at === 'object' ? (at as never)?.[key] : undefined), context);

const isText = (value: unknown): value is string | number =>
  (typeof value === 'string' && value !== '') || (typeof value === 'number' && isFinite(value));

/**
 * Whether `context` would render as `sample` did: a mark stands for the text at its path (a non-empty string, or a
 * number), so a mark placed elsewhere asks for the same text there (the artifact's adder is the member); an array
 * stands for one of the same length, a record for one with those keys; anything else must be equal.
 */
export function fitsSample(sample: unknown, context: unknown): boolean {
  const fits = (sampled: unknown, actual: unknown): boolean => {
    const marked = typeof sampled === 'string' ? WHOLE_MARK.exec(sampled) : null;
    if (marked) {
      const [, urlOrigin, path] = marked;
      return (
        isText(actual) &&
        valueAt(context, path!) === actual &&
        (!urlOrigin || (typeof actual === 'string' && isHttpUrl(actual)))
      );
    }
    if (Array.isArray(sampled))
      return (
        Array.isArray(actual) &&
        actual.length === sampled.length &&
        sampled.every((item, index) => fits(item, actual[index]))
      );
    if (isRecord(sampled))
      return isRecord(actual) && Object.entries(sampled).every(([key, value]) => fits(value, actual[key]));
    return sampled === actual;
  };
  return fits(sample, context);
}

const ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

/**
 * The first picture `context` fits, with each mark replaced by its text, escaped for HTML text and quoted attributes
 * alike; null when none fits. One pass over the build's HTML: a text is never read for marks itself.
 */
export function pictureFor(pictures: readonly Picture[], context: PictureContext): string | null {
  const picture = pictures.find(({ sample }) => fitsSample(sample, context));
  if (!picture) return null;
  return picture.html.replace(MARK, (_, _urlOrigin, path: string) =>
    String(valueAt(context, path)).replace(/[&<>"']/g, (char) => ESCAPES[char]!),
  );
}
