// Test support for the member's data: an export as the API answers it, and the files the page saves.
import { makeArtifact } from 'shared-ui/test/make-artifact';
import { vi } from 'vitest';
import { TEST_MEMBER } from './account-test-support';

export const exported = {
  exportedAt: '2026-11-27T12:00:00.000Z',
  profile: { ...TEST_MEMBER },
  artifacts: [
    { ...makeArtifact({ _id: 'a0', name: 'Ada’s astrolabe, "brass"' }), addedAt: '2026-11-20T09:00:00.000Z' },
    {
      ...makeArtifact({ _id: 'a3', name: '=HYPERLINK("http://evil.test")' }),
      addedAt: '2026-11-21T09:00:00.000Z',
    },
  ],
  likedArtifacts: [
    { _id: 'a1', name: 'Lyre of Ur', type: 'Art', presentLocation: 'British Museum', adderName: 'Curators' },
    { _id: 'a2', name: '@SUM(1)', type: 'Tools', presentLocation: '+44 line', adderName: '-Someone' },
  ],
};

/** The files the page saves: each link it clicks, with the blob behind it. */
export function captureDownloads() {
  const blobs = new Map<string, Blob>();
  vi.spyOn(URL, 'createObjectURL').mockImplementation((blob) => {
    const url = `blob:${blobs.size}`;
    blobs.set(url, blob as Blob);
    return url;
  });
  vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => undefined);
  const saved: Array<{ name: string; text: () => Promise<string> }> = [];
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    const blob = blobs.get(this.href)!;
    saved.push({ name: this.download, text: () => blob.text() });
  });
  return saved;
}
