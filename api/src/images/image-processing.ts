/**
 * What the server makes of an uploaded file. It trusts neither the file name nor the declared type: it reads the
 * first bytes, decodes the picture with sharp (libvips), applies its EXIF orientation and writes new WebP files at
 * the stored widths. Nothing of the original file survives: no EXIF (a phone photo's GPS position), no XMP, no
 * comments, no colour profile (converted to sRGB), no trailing bytes.
 */
import sharp, { type Metadata } from 'sharp';
import { ACCEPTED_PHOTO_FORMATS, uploadedImageWidths } from 'artifact-model';
import { ApiError, badRequest } from '../http/errors.ts';

export type PhotoFormat = 'jpeg' | 'png' | 'webp' | 'avif' | 'heic';

/** Quality 80: a 1600-pixel phone photo takes about 150-250 KB, without visible loss on a screen. */
const WEBP_QUALITY = 80;

export const unsupportedMediaType = (message: string) => new ApiError(415, message);

function ascii(bytes: Buffer, start: number, end: number): string {
  return bytes.subarray(start, end).toString('latin1');
}

/** The photo format the content itself declares (its magic bytes), or null. */
export function sniffPhotoFormat(bytes: Buffer): PhotoFormat | null {
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'jpeg';
  if (
    bytes.length >= 8 &&
    bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))
  )
    return 'png';
  if (bytes.length >= 12 && ascii(bytes, 0, 4) === 'RIFF' && ascii(bytes, 8, 12) === 'WEBP') return 'webp';
  if (bytes.length >= 12 && ascii(bytes, 4, 8) === 'ftyp') {
    const brand = ascii(bytes, 8, 12);
    if (brand === 'avif' || brand === 'avis') return 'avif';
    if (['heic', 'heix', 'hevc', 'hevx', 'heim', 'heis', 'mif1', 'msf1'].includes(brand)) return 'heic';
  }
  return null;
}

/** Says what a refused file is, so the member knows why. */
function describeRefused(bytes: Buffer): string {
  const head = bytes
    .subarray(0, 512)
    .toString('utf8')
    .replace(/^\uFEFF/, '')
    .trimStart()
    .toLowerCase();
  if (head.startsWith('<svg') || (head.startsWith('<?xml') && head.includes('<svg')))
    return 'an SVG drawing (SVG can carry scripts, so it is not accepted)';
  if (ascii(bytes, 0, 4) === 'GIF8') return 'a GIF';
  if (ascii(bytes, 0, 5) === '%PDF-') return 'a PDF';
  return 'not a photo this server can read';
}

export interface ProcessedPhoto {
  width: number;
  height: number;
  /** One WebP file per stored width, narrowest first. */
  files: Array<{ width: number; body: Buffer }>;
}

/** A photo whose header was read and is within the limits: what decoding it will take. */
export interface CheckedPhoto {
  bytes: Buffer;
  format: PhotoFormat;
  width: number;
  height: number;
  maxPixels: number;
}

/**
 * Checks an upload before it is decoded (its magic bytes and its header only, cheap). Refusals: 415 for content that
 * is not an accepted photo (whatever its name or declared type), 400 for a photo of more than `maxPixels` (read from
 * its header; sharp's own `limitInputPixels` holds the decoder to it too) or one whose header does not read (in our
 * words: the decoder's words are nothing a member can act on).
 */
export async function checkPhoto(bytes: Buffer, maxPixels: number): Promise<CheckedPhoto> {
  const format = sniffPhotoFormat(bytes);
  if (!format) {
    throw unsupportedMediaType(
      `This file is ${describeRefused(bytes)}: upload a ${ACCEPTED_PHOTO_FORMATS} photo`,
    );
  }
  let metadata: Metadata;
  try {
    metadata = await sharp(bytes, { limitInputPixels: false, failOn: 'error' }).metadata();
  } catch {
    throw format === 'heic'
      ? unsupportedMediaType(
          'This HEIC photo cannot be read here: share it as JPEG (on an iPhone, Settings > Camera > Formats > Most Compatible)',
        )
      : badRequest(`This ${format.toUpperCase()} file is damaged or incomplete: it could not be read`);
  }
  const { width = 0, height = 0 } = metadata.autoOrient ?? metadata;
  if (width * height > maxPixels) {
    throw badRequest(
      `This photo is ${width} x ${height} pixels: photos may have at most ${maxPixels / 1_000_000} megapixels`,
    );
  }
  return { bytes, format, width, height, maxPixels };
}

/**
 * Decodes a checked photo and re-encodes it at the stored widths; a photo that does not decode (its data damaged
 * past the header) is a 400 in our words.
 */
export async function processPhoto({
  bytes,
  format,
  width,
  height,
  maxPixels,
}: CheckedPhoto): Promise<ProcessedPhoto> {
  const options = { limitInputPixels: maxPixels, failOn: 'error' } as const;
  try {
    // Decoded once, to the widest copy's pixels in sRGB; the narrower copies are made from those (each clone of the
    // original would decode all of it again: five times the work for a large photo).
    const widths = uploadedImageWidths(width);
    const { data, info } = await sharp(bytes, options)
      .autoOrient()
      .resize({ width: widths[widths.length - 1] })
      .toColourspace('srgb')
      .raw({ depth: 'uchar' })
      .toBuffer({ resolveWithObject: true });
    const widest = sharp(data, { raw: { width: info.width, height: info.height, channels: info.channels } });
    const files = await Promise.all(
      widths.map(async (target) => ({
        width: target,
        // sharp writes no metadata unless asked to (keepExif, withMetadata): none is asked for here.
        body: await widest.clone().resize({ width: target }).webp({ quality: WEBP_QUALITY }).toBuffer(),
      })),
    );
    return { width, height, files };
  } catch {
    if (format === 'heic')
      throw unsupportedMediaType('This HEIC photo cannot be read here: share it as JPEG');
    throw badRequest(
      `This ${format.toUpperCase()} file is damaged or incomplete (it may have been cut off while copying): export or save it again`,
    );
  }
}
