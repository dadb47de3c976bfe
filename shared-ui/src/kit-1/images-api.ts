/**
 * Kit 1.6's photo upload, for the releases built against it (as ./artifacts-api.ts says); mf-artifact-editor's own is
 * src/data/photo-upload-api.ts. A member's photo upload, POST /api/images (beyond the spec). XMLHttpRequest, not fetch: fetch cannot report how much
 * of a request body has been sent, and a phone photo on a slow link takes long enough to need a progress bar.
 */
import { getIdToken } from '../auth/id-token';
import { API_CALL_FAILED, ApiError, apiErrorOf, getApiBaseUrl, newRequestKey } from '../api/api-client';

export interface UploadedPhoto {
  url: string;
  width: number;
  height: number;
}

export interface UploadOptions {
  /** Called with the share of the file sent so far, 0 to 1. */
  onProgress?: (sent: number) => void;
  signal?: AbortSignal;
}

/**
 * Each file's Idempotency-Key: a Retry of the same file sends the same key, so a photo whose answer was lost is not
 * stored twice (the API answers the first result); a file chosen again is a new upload.
 */
const keyOfFile = new WeakMap<Blob, string>();

export async function uploadPhoto(
  file: Blob,
  { onProgress, signal }: UploadOptions = {},
): Promise<UploadedPhoto> {
  const token = await getIdToken();
  const form = new FormData();
  form.append('image', file);
  return new Promise((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open('POST', `${getApiBaseUrl()}/api/images`);
    request.responseType = 'json';
    request.setRequestHeader('Accept', 'application/json');
    if (token) request.setRequestHeader('Authorization', `Bearer ${token}`);
    let key = keyOfFile.get(file);
    if (!key) keyOfFile.set(file, (key = newRequestKey()));
    request.setRequestHeader('Idempotency-Key', key);
    request.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress?.(event.loaded / event.total);
    };
    request.onload = () => {
      const body = request.response as Partial<UploadedPhoto> | null;
      if (request.status === 201 && body?.url) {
        resolve({ url: body.url, width: body.width ?? 0, height: body.height ?? 0 });
        return;
      }
      reject(apiErrorOf(request.status, body));
    };
    request.onerror = () => reject(new ApiError(API_CALL_FAILED, 0));
    request.onabort = () => reject(new DOMException('The upload was cancelled', 'AbortError'));
    signal?.addEventListener('abort', () => request.abort(), { once: true });
    request.send(form);
  });
}
