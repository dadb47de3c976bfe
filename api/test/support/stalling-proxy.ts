/**
 * A TCP proxy in front of the Auth Emulator that can stall: while paused it accepts connections and holds every byte
 * sent to it, as a frozen identity provider would; resumed, it passes them on and traffic flows again.
 */
import net from 'node:net';

export interface StallingProxy {
  /** host:port to give the API as FIREBASE_AUTH_EMULATOR_HOST. */
  host: string;
  pause(): void;
  resume(): void;
  close(): Promise<void>;
}

export async function startStallingProxy(upstream: string): Promise<StallingProxy> {
  const [upstreamHost, upstreamPort] = upstream.split(':');
  let paused = false;
  const held: Array<() => void> = [];
  const sockets = new Set<net.Socket>();
  const server = net.createServer((client) => {
    const target = net.connect(Number(upstreamPort), upstreamHost);
    for (const socket of [client, target]) {
      sockets.add(socket);
      socket.on('close', () => sockets.delete(socket));
      socket.on('error', () => undefined);
    }
    client.on('close', () => target.destroy());
    target.on('close', () => client.destroy());
    client.on('data', (chunk) => {
      if (paused) held.push(() => target.write(chunk));
      else target.write(chunk);
    });
    target.on('data', (chunk) => {
      if (paused) held.push(() => client.write(chunk));
      else client.write(chunk);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  return {
    host: `127.0.0.1:${port}`,
    pause: () => {
      paused = true;
    },
    resume: () => {
      paused = false;
      for (const send of held.splice(0)) send();
    },
    close: async () => {
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
