import { createServer, type Server } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { assertPortFree, type Service } from './stack.ts';

const serviceAt = (port: number): Service => ({
  name: 'api',
  cwd: '.',
  args: [],
  env: {},
  readyUrl: `http://localhost:${port}/health`,
});

let server: Server | undefined;
afterEach(() => new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve())));

/** A plain TCP listener, which answers no HTTP request. */
function listen(): Promise<number> {
  server = createServer((socket) => socket.end());
  return new Promise((resolve) =>
    server!.listen(0, '127.0.0.1', () => resolve((server!.address() as { port: number }).port)),
  );
}

describe('assertPortFree', () => {
  it('refuses a port any process listens on, HTTP or not, naming the service and the address', async () => {
    const port = await listen();
    await expect(assertPortFree(serviceAt(port))).rejects.toThrow(`api: localhost:${port} is already in use`);
  });

  it('lets a free port through', async () => {
    const port = await listen();
    await new Promise<void>((resolve) => server!.close(() => resolve()));
    server = undefined;
    await expect(assertPortFree(serviceAt(port))).resolves.toBeUndefined();
  });
});
