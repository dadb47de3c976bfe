/**
 * The harness's real API process (support/api-harness.ts) answers for itself: a port it was given but another server
 * holds is not mistaken for the process being ready.
 */
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { apiProcessPort, baseEnv, spawnApiProcess, tempDataDir } from './support/api-harness.ts';

describe('a real API process', () => {
  const dataDir = tempDataDir('hv-api-process-');
  // Answers 200 to every request, /health included, as another test file's API on the same port would.
  const squatter = http.createServer((_request, response) => response.end('{"status":"ok"}'));
  afterAll(() => {
    squatter.close();
    fs.rmSync(path.dirname(dataDir), { recursive: true, force: true });
  });

  it('moves to another port when another server holds its own, instead of taking that server for itself', async () => {
    const taken = await apiProcessPort();
    await new Promise<void>((listening) => squatter.listen(taken, '127.0.0.1', listening));

    const api = await spawnApiProcess(baseEnv(taken, { PGLITE_DATA_DIR: dataDir, SEED_STARTER: 'false' }));
    try {
      expect(api.url).not.toBe(`http://127.0.0.1:${taken}`);
      const artifacts = await fetch(`${api.url}/artifacts`);
      expect(artifacts.status).toBe(200);
      expect(await artifacts.json()).toEqual([]);
    } finally {
      await api.stop('SIGTERM');
    }
  });
});
