import { describe, expect, it } from 'vitest';
import { parseUploadedImageUrl, uploadedImageSrcSet, uploadedImageWidths } from './uploaded-image';

const ID = '6f1c2a9e-3b4d-4e5f-8a7b-9c0d1e2f3a4b';

describe('uploaded photos', () => {
  it('are stored at the standard widths clearly narrower than the photo, and at its own width up to 1600', () => {
    expect(uploadedImageWidths(4000)).toEqual([320, 480, 768, 1080, 1600]);
    expect(uploadedImageWidths(900)).toEqual([320, 480, 768, 900]);
    expect(uploadedImageWidths(800)).toEqual([320, 480, 800]);
    expect(uploadedImageWidths(200)).toEqual([200]);
  });

  it('are told from other URLs by their path, wherever they are served from', () => {
    expect(parseUploadedImageUrl(`https://cdn.example.org/heritage/images/${ID}/900.webp`)).toEqual({
      id: ID,
      widest: 900,
      base: 'https://cdn.example.org/heritage',
    });
    expect(parseUploadedImageUrl('https://example.org/images/rosetta.jpg')).toBeNull();
    expect(parseUploadedImageUrl(`https://example.org/images/${ID}/900.png`)).toBeNull();
  });

  it('list every stored copy in srcset; other images get none', () => {
    expect(uploadedImageSrcSet(`http://localhost:3000/api/images/${ID}/900.webp`)).toBe(
      [320, 480, 768, 900].map((w) => `http://localhost:3000/api/images/${ID}/${w}.webp ${w}w`).join(', '),
    );
    expect(uploadedImageSrcSet('https://example.org/rosetta.jpg')).toBeUndefined();
    expect(uploadedImageSrcSet(undefined)).toBeUndefined();
  });
});
