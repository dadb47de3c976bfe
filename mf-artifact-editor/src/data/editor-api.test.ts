import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError, configureApi, type ArtifactInput } from 'shared-ui';
import { createArtifact } from './editor-api';

const fetchMock = vi.fn<typeof fetch>();

beforeEach(() => {
  vi.stubGlobal('fetch', fetchMock);
  configureApi({ baseUrl: 'http://api.test/' });
});
afterEach(() => {
  vi.unstubAllGlobals();
  fetchMock.mockReset();
});

const created = () =>
  new Response(JSON.stringify({ success: true, message: 'Artifact "Lyre" has been added successfully!' }), {
    status: 201,
    headers: { 'Content-Type': 'application/json' },
  });
const input = { name: 'Lyre' } as ArtifactInput;
const keyOf = (call: number) =>
  (fetchMock.mock.calls[call]![1]!.headers as Record<string, string>)['Idempotency-Key'];

describe('createArtifact', () => {
  it('sends a fresh Idempotency-Key with each submit', async () => {
    fetchMock.mockImplementation(async () => created());
    await createArtifact(input);
    await createArtifact(input);
    expect(keyOf(0)).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(keyOf(1)).not.toBe(keyOf(0));
  });

  it('sends a submit whose answer was lost once more, with the same key', async () => {
    fetchMock.mockRejectedValueOnce(new TypeError('Failed to fetch')).mockResolvedValueOnce(created());
    expect(await createArtifact(input)).toMatchObject({ success: true });
    expect(fetchMock).toHaveBeenCalledTimes(2);
    expect(keyOf(1)).toBe(keyOf(0));
  });

  it('does not send again what the API refused', async () => {
    fetchMock.mockResolvedValueOnce(
      new Response(
        JSON.stringify({ success: false, message: 'Invalid artifact: Artifact Name is required' }),
        {
          status: 400,
        },
      ),
    );
    await expect(createArtifact(input)).rejects.toBeInstanceOf(ApiError);
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });
});
