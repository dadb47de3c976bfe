import net from 'node:net';

function tryListen(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const server = net.createServer();
    server.once('error', () => resolve(false));
    server.listen({ port, host: '127.0.0.1', exclusive: true }, () => server.close(() => resolve(true)));
  });
}

/** A free port: from [min, max] in random order when a range is given, else one the OS picks. */
export async function freePort(range?: { min: number; max: number }): Promise<number> {
  if (!range) {
    return new Promise((resolve, reject) => {
      const server = net.createServer();
      server.once('error', reject);
      server.listen({ port: 0, host: '127.0.0.1' }, () => {
        const address = server.address();
        server.close(() =>
          typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port')),
        );
      });
    });
  }
  const ports = Array.from({ length: range.max - range.min + 1 }, (_, index) => range.min + index);
  for (let index = ports.length - 1; index > 0; index -= 1) {
    const swap = Math.floor(Math.random() * (index + 1));
    [ports[index], ports[swap]] = [ports[swap] as number, ports[index] as number];
  }
  for (const port of ports) {
    if (await tryListen(port)) return port;
  }
  throw new Error(`No free port in ${range.min}-${range.max}`);
}

/** `count` distinct free ports (from the range when given): a service that needs several ports at once. */
export async function freePorts(count: number, range?: { min: number; max: number }): Promise<number[]> {
  const ports = new Set<number>();
  for (let attempt = 0; ports.size < count; attempt += 1) {
    if (attempt > count * 20) throw new Error(`Could not find ${count} distinct free ports`);
    ports.add(await freePort(range));
  }
  return [...ports];
}

/** API processes of this package's tests use 3100-3199, away from the dev stack's ports. */
export const API_TEST_PORTS = { min: 3100, max: 3199 };

export async function waitFor<T>(
  probe: () => Promise<T | undefined>,
  { timeoutMs, intervalMs = 100, what }: { timeoutMs: number; intervalMs?: number; what: string },
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  let lastError: unknown;
  while (Date.now() < deadline) {
    try {
      const value = await probe();
      if (value !== undefined) return value;
    } catch (error) {
      lastError = error;
    }
    await new Promise((resolve) => setTimeout(resolve, intervalMs));
  }
  throw new Error(
    `Timed out after ${timeoutMs} ms waiting for ${what}${lastError ? `: ${String(lastError)}` : ''}`,
  );
}
