/** The request ids the API makes when a request brings none (http/request-id.ts): random version-4 UUIDs. */
import { describe, expect, it } from 'vitest';
import { newRequestId } from '../src/http/request-id.ts';

const UUID_V4 = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

describe('a new request id', () => {
  it('is a version-4 UUID, never the same twice over many draws', () => {
    const ids = Array.from({ length: 20_000 }, newRequestId);
    for (const id of ids) expect(id).toMatch(UUID_V4);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('has random digits everywhere but the version and variant', () => {
    // Each of the 30 free hex digits takes all 16 values over 4,096 ids (a stuck or repeated digit would not).
    const ids = Array.from({ length: 4_096 }, newRequestId).map((id) => id.replaceAll('-', ''));
    for (let digit = 0; digit < 32; digit++) {
      if (digit === 12 || digit === 16) continue;
      expect(new Set(ids.map((id) => id[digit])).size, `digit ${digit}`).toBe(16);
    }
  });
});
