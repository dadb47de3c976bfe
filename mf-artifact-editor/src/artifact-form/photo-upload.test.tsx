import { fireEvent, screen, waitFor } from '@testing-library/react';
import { ApiError } from 'shared-ui';
import { renderWithKit } from 'shared-ui/test/render';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  CHOOSE_PHOTO,
  NOT_ACCEPTED,
  PHOTO_UPLOADED,
  PhotoUpload,
  RETRY_UPLOAD,
  tooLargeText,
  UPLOAD_FAILED,
} from './photo-upload';
import { uploadPhoto } from '../data/photo-upload-api';

vi.mock('../data/photo-upload-api', () => ({ uploadPhoto: vi.fn() }));

const URL_OF_PHOTO = 'http://localhost:3000/api/images/6f1c2a9e-3b4d-4e5f-8a7b-9c0d1e2f3a4b/800.webp';

function pick(file: File) {
  const input = screen.getByTestId('photo-upload').querySelector('input[type=file]:not([capture])')!;
  fireEvent.change(input, { target: { files: [file] } });
}

const photo = (bytes = 1024, type = 'image/jpeg') =>
  new File([new Uint8Array(bytes)], 'brooch.jpg', { type });

describe('PhotoUpload', () => {
  beforeEach(() => {
    URL.createObjectURL = vi.fn(() => 'blob:preview');
    URL.revokeObjectURL = vi.fn();
  });
  afterEach(() => vi.restoreAllMocks());

  it('uploads a chosen photo with its progress, then hands over its URL', async () => {
    let report: ((sent: number) => void) | undefined;
    let finish: (value: { url: string; width: number; height: number }) => void = () => undefined;
    vi.mocked(uploadPhoto).mockImplementation((_file, options) => {
      report = options?.onProgress;
      return new Promise((resolve) => (finish = resolve));
    });
    const onUploaded = vi.fn();
    renderWithKit(<PhotoUpload onUploaded={onUploaded} />);
    expect(screen.getByRole('button', { name: CHOOSE_PHOTO })).toBeTruthy();

    pick(photo());
    expect(await screen.findByAltText('The photo being uploaded, brooch.jpg')).toHaveProperty(
      'src',
      'blob:preview',
    );
    report?.(0.42);
    expect(await screen.findByText('Uploading brooch.jpg: 42%')).toBeTruthy();
    expect(screen.getByRole('progressbar', { name: 'Uploading brooch.jpg' })).toHaveProperty('value', 42);

    finish({ url: URL_OF_PHOTO, width: 800, height: 1200 });
    expect(await screen.findByText(PHOTO_UPLOADED)).toBeTruthy();
    expect(onUploaded).toHaveBeenCalledWith(URL_OF_PHOTO);
  });

  it('offers and takes only the formats the server reads (not HEIC), up to 15 MB, without uploading others', async () => {
    renderWithKit(<PhotoUpload onUploaded={vi.fn()} />);
    expect(screen.getByText(/a JPEG, PNG, WebP or AVIF photo of up to 15 MB/)).toBeTruthy();
    for (const input of screen.getByTestId('photo-upload').querySelectorAll('input[type=file]'))
      expect(input.getAttribute('accept')).toBe('image/jpeg,image/png,image/webp,image/avif');
    pick(photo(10, 'application/pdf'));
    expect((await screen.findByRole('alert')).textContent).toBe(NOT_ACCEPTED);
    pick(photo(10, 'image/heic'));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'This file cannot be used: choose a JPEG, PNG, WebP or AVIF photo.',
    );
    pick(photo(16 * 1024 * 1024));
    expect((await screen.findByRole('alert')).textContent).toBe(tooLargeText(16 * 1024 * 1024));
    expect(uploadPhoto).not.toHaveBeenCalled();
  });

  it('says why an upload failed, and retries the same photo', async () => {
    vi.mocked(uploadPhoto)
      .mockRejectedValueOnce(new ApiError('x', 415, 'This file is a GIF: upload a JPEG photo'))
      .mockResolvedValueOnce({ url: URL_OF_PHOTO, width: 800, height: 1200 });
    const onUploaded = vi.fn();
    renderWithKit(<PhotoUpload onUploaded={onUploaded} />);
    pick(photo());
    expect((await screen.findByRole('alert')).textContent).toBe(
      `${UPLOAD_FAILED}: This file is a GIF: upload a JPEG photo`,
    );
    fireEvent.click(screen.getByRole('button', { name: RETRY_UPLOAD }));
    await waitFor(() => expect(onUploaded).toHaveBeenCalledWith(URL_OF_PHOTO));
    expect(vi.mocked(uploadPhoto).mock.calls[1]![0]).toBe(vi.mocked(uploadPhoto).mock.calls[0]![0]);
  });
});
