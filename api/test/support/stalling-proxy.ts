/**
 * A TCP proxy in front of the Auth Emulator that can stall: while paused it accepts connections and holds every byte
 * sent to it, as a frozen identity provider would; resumed, it passes them on and traffic flows again.
 */
import net from 'node:net';

export interface StallingProxy {
  /** host:port to give the API as FIREBASE_AUTH_EMULATOR_HOST. */
  host: string;
  pause(): void;
  /** Pauses at the first request whose bytes hold `marker` (a path such as 'accounts:delete'), holding it too. */
  pauseAt(marker: string): void;
  resume(): void;
  /**
   * Resumes, except that what was held is lost: its connections stay open and never answer, as a provider that
   * dropped the requests on the floor (closing them would have the client retry).
   */
  dropHeld(): void;
  close(): Promise<void>;
}

export async function startStallingProxy(upstream: string): Promise<StallingProxy> {
  const [upstreamHost, upstreamPort] = upstream.split(':');
  let paused = false;
  let pauseMarker: string | null = null;
  const held: Array<{ connection: net.Socket; send: () => void }> = [];
  /** Connections whose traffic is dropped for good. */
  const lost = new Set<net.Socket>();
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
    const pass = (chunk: Buffer, to: net.Socket) => {
      if (lost.has(client)) return;
      if (paused) held.push({ connection: client, send: () => to.write(chunk) });
      else to.write(chunk);
    };
    client.on('data', (chunk: Buffer) => {
      if (pauseMarker && chunk.includes(pauseMarker)) {
        pauseMarker = null;
        paused = true;
      }
      pass(chunk, target);
    });
    target.on('data', (chunk: Buffer) => pass(chunk, client));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  const flow = (drop: boolean) => {
    paused = false;
    pauseMarker = null;
    for (const { connection, send } of held.splice(0)) {
      if (drop) lost.add(connection);
      else send();
    }
  };
  return {
    host: `127.0.0.1:${port}`,
    pause: () => {
      paused = true;
    },
    pauseAt: (marker) => {
      pauseMarker = marker;
    },
    resume: () => flow(false),
    dropHeld: () => flow(true),
    close: async () => {
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
