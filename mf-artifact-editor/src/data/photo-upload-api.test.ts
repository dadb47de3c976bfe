import { afterEach, describe, expect, it, vi } from 'vitest';
import { uploadPhoto } from './photo-upload-api';

/** Stands in for the browser's XMLHttpRequest: records each request's headers and answers 201 with a photo. */
class RecordingRequest {
  static sent: Array<Record<string, string>> = [];
  headers: Record<string, string> = {};
  upload = { onprogress: null };
  status = 0;
  response: unknown = null;
  responseType = '';
  onload: (() => void) | null = null;
  open() {}
  setRequestHeader(name: string, value: string) {
    this.headers[name] = value;
  }
  send() {
    RecordingRequest.sent.push(this.headers);
    this.status = 201;
    this.response = { success: true, url: 'https://api.example/images/1/480.webp', width: 480, height: 320 };
    queueMicrotask(() => this.onload?.());
  }
}

afterEach(() => {
  vi.unstubAllGlobals();
  RecordingRequest.sent = [];
});

describe('uploadPhoto', () => {
  it('sends one Idempotency-Key per file: a retry of the same file the same key, another file a new one', async () => {
    vi.stubGlobal('XMLHttpRequest', RecordingRequest);
    const photo = new Blob(['a photo'], { type: 'image/jpeg' });
    await uploadPhoto(photo);
    await uploadPhoto(photo);
    await uploadPhoto(new Blob(['another photo'], { type: 'image/jpeg' }));
    const keys = RecordingRequest.sent.map((headers) => headers['Idempotency-Key']);
    expect(keys[0]).toMatch(/^[0-9a-f-]{36}$/);
    expect(keys[1]).toBe(keys[0]);
    expect(keys[2]).not.toBe(keys[0]);
  });
});
