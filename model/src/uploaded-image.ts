/**
 * Photos members upload (POST /api/images). The API re-encodes each one as WebP at the standard widths below that
 * are clearly narrower than the photo (under nine tenths of it), plus one at the photo's own width capped at the
 * largest: a 900-pixel photo is stored at 320, 480, 768 (not 768 for an 800-pixel one) and 900. The widths fit the
 * layouts: a phone's card or details picture (about 360-390 CSS pixels) takes 480, a desktop's details picture
 * (about 540) 768, and screens with two or three device pixels per CSS pixel the larger ones. Its URL names the widest copy (`.../images/<id>/900.webp`), so any page can list every copy
 * for `srcset` from the URL alone, wherever the images are served from (the API, a bucket or a CDN).
 */
export const UPLOADED_IMAGE_WIDTHS = [320, 480, 768, 1080, 1600] as const;

/** How wide a card's picture is laid out (Grid: one column, two from md, three from lg in a 1200-pixel page). */
export const CARD_PICTURE_SIZES = '(min-width: 1024px) 380px, (min-width: 768px) 50vw, 100vw';
/** How wide the details page's picture is laid out: beside the facts from lg, else the page's width. */
export const DETAILS_PICTURE_SIZES = '(min-width: 1024px) 540px, 100vw';

/**
 * How wide the artifact form's image preview is laid out: the form's width (760 pixels, less its padding), or the
 * page's.
 */
export const PREVIEW_PICTURE_SIZES = '(min-width: 800px) 710px, 100vw';

/**
 * The photo formats the API accepts, as a member reads them (it recognises each by the file's content). Not HEIC:
 * the prebuilt sharp's libvips reads HEIF containers only with AV1 inside (AVIF), not an iPhone's HEVC, so the API
 * refuses HEIC with how to share a JPEG instead (api/src/images/image-processing.ts).
 */
export const ACCEPTED_PHOTO_FORMATS = 'JPEG, PNG, WebP or AVIF';

/** The same formats as the file chooser's `accept`: their media types. */
export const ACCEPTED_PHOTO_TYPES = ['image/jpeg', 'image/png', 'image/webp', 'image/avif'] as const;

/** The largest upload the API accepts, in bytes. */
export const IMAGE_UPLOAD_MAX_BYTES = 15 * 1024 * 1024;

/** The most pixels an upload may have (a 48-megapixel phone photo fits); beyond it, decoding one is a risk. */
export const IMAGE_UPLOAD_MAX_PIXELS = 60_000_000;

const UPLOADED_IMAGE_PATH =
  /\/images\/([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})\/(\d{1,5})\.webp$/i;

/** The widths an upload of `photoWidth` pixels is stored at, narrowest first. */
export function uploadedImageWidths(photoWidth: number): number[] {
  const widest = Math.min(photoWidth, UPLOADED_IMAGE_WIDTHS[UPLOADED_IMAGE_WIDTHS.length - 1]!);
  return [...UPLOADED_IMAGE_WIDTHS.filter((width) => width < widest * 0.9), widest];
}

/** The id and widest copy of an uploaded image's URL, or null for any other URL. */
export function parseUploadedImageUrl(url: string): { id: string; widest: number; base: string } | null {
  const path = url.split(/[?#]/, 1)[0]!;
  const match = UPLOADED_IMAGE_PATH.exec(path);
  if (!match) return null;
  return { id: match[1]!.toLowerCase(), widest: Number(match[2]), base: path.slice(0, match.index) };
}

/** `srcset` for an uploaded image's URL (every stored width); undefined for other images, which have one size. */
export function uploadedImageSrcSet(url: string | undefined): string | undefined {
  const parsed = url ? parseUploadedImageUrl(url) : null;
  if (!parsed) return undefined;
  return uploadedImageWidths(parsed.widest)
    .map((width) => `${parsed.base}/images/${parsed.id}/${width}.webp ${width}w`)
    .join(', ');
}
