import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
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
