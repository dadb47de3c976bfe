import { fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { renderWithKit } from '../../test/render';
import { FALLBACK_ARTIFACT_IMAGE } from '../assets/images';
import { ArtifactImage } from './artifact-image';

describe('ArtifactImage', () => {
  it('shows the image, then the fallback when it fails to load', () => {
    renderWithKit(<ArtifactImage src="https://example.org/missing.png" alt="Lyre of Ur" />);
    const image = screen.getByRole('img', { name: 'Lyre of Ur' });
    expect(image.getAttribute('src')).toBe('https://example.org/missing.png');
    fireEvent.error(image);
    expect(image.getAttribute('src')).toBe(FALLBACK_ARTIFACT_IMAGE);
    expect(image.getAttribute('data-fallback')).toBe('true');
  });

  it('shows the fallback at once when there is no URL', () => {
    renderWithKit(<ArtifactImage src="" alt="Unknown" />);
    expect(screen.getByRole('img', { name: 'Unknown' }).getAttribute('src')).toBe(FALLBACK_ARTIFACT_IMAGE);
  });
});

/**
 * Hydrates ArtifactImage over its server-rendered <img>, left as a browser leaves an image the page tried before its
 * code ran: complete, with no intrinsic width, and decoding as `decode` says.
 */
async function hydrateOverTriedPicture(src: string, decode: () => Promise<void>): Promise<HTMLImageElement> {
  const { renderToString } = await import('react-dom/server');
  const { hydrateRoot } = await import('react-dom/client');
  const { act } = await import('react');
  const element = <ArtifactImage src={src} alt="Lyre of Ur" />;
  const container = document.createElement('div');
  container.innerHTML = renderToString(element);
  document.body.append(container);
  const image = container.querySelector('img')!;
  Object.defineProperties(image, {
    currentSrc: { value: src },
    complete: { value: true },
    naturalWidth: { value: 0 },
    decode: { value: decode },
  });
  await act(async () => {
    hydrateRoot(container, element);
  });
  return image;
}

describe('ArtifactImage over a server-rendered picture', () => {
  afterEach(() => document.body.replaceChildren());

  it('shows the fallback when the picture had failed before the page hydrated (its error event is gone)', async () => {
    // A failed load: nothing to decode.
    const image = await hydrateOverTriedPicture('https://example.org/missing.png', () =>
      Promise.reject(new DOMException('The source image cannot be decoded.', 'EncodingError')),
    );
    expect(image.getAttribute('data-fallback')).toBe('true');
    expect(image.getAttribute('src')).toBe(FALLBACK_ARTIFACT_IMAGE);
  });

  it('keeps a picture that loaded with no intrinsic width (an SVG): it decodes', async () => {
    const image = await hydrateOverTriedPicture('https://example.org/seal.svg', () => Promise.resolve());
    expect(image.getAttribute('data-fallback')).toBeNull();
    expect(image.getAttribute('src')).toBe('https://example.org/seal.svg');
  });
});
