import { act, fireEvent, screen } from '@testing-library/react';
import { FALLBACK_ARTIFACT_IMAGE } from 'shared-ui';
import { renderWithKit } from 'shared-ui/test/render';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ImagePreview, PREVIEW_EMPTY, PREVIEW_FAILED, PREVIEW_LOADED } from './image-preview';

describe('ImagePreview', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('waits for a valid http(s) URL before showing anything', () => {
    renderWithKit(<ImagePreview url="javascript:alert(1)" name="Rosetta Stone" />);
    act(() => vi.advanceTimersByTime(500));
    expect(screen.getByText(PREVIEW_EMPTY)).toBeTruthy();
    expect(screen.queryByRole('img')).toBeNull();
  });

  it('shows the image once typing settles, and the fallback with a warning when it does not load', () => {
    renderWithKit(<ImagePreview url="https://images.example.org/rosetta.jpg" name="Rosetta Stone" />);
    act(() => vi.advanceTimersByTime(500));
    const image = screen.getByRole('img', { name: 'Preview of Rosetta Stone' });
    expect(image.getAttribute('src')).toBe('https://images.example.org/rosetta.jpg');
    fireEvent.load(image);
    expect(screen.getByText(PREVIEW_LOADED)).toBeTruthy();

    fireEvent.error(image);
    const fallback = screen.getByRole('img', { name: 'Preview of Rosetta Stone' });
    expect(fallback.getAttribute('src')).toBe(FALLBACK_ARTIFACT_IMAGE);
    fireEvent.load(fallback);
    expect(screen.getByText(PREVIEW_FAILED)).toBeTruthy();
  });
});
