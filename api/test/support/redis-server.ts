/** A throwaway redis-server (Debian's /usr/bin/redis-server, or REDIS_SERVER) on a port of its own, no persistence. */
import { spawn, type ChildProcess } from 'node:child_process';
import net from 'node:net';
import { freePort, waitFor } from './ports.ts';

export interface RunningRedis {
  url: string;
  port: number;
  /** Start it again on the same port (after kill), empty. */
  start(): Promise<void>;
  /** SIGKILL: no goodbye to its clients, as a crash. */
  kill(): Promise<void>;
}

function answersPing(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect({ port, host: '127.0.0.1' }, () => socket.write('PING\r\n'));
    socket.once('data', (data) => {
      socket.destroy();
      resolve(data.toString().startsWith('+PONG'));
    });
    socket.once('error', () => resolve(false));
  });
}

export async function startRedis({ running = true } = {}): Promise<RunningRedis> {
  const port = await freePort();
  let child: ChildProcess | undefined;
  const redis: RunningRedis = {
    url: `redis://127.0.0.1:${port}`,
    port,
    async start() {
      child = spawn(
        process.env.REDIS_SERVER ?? '/usr/bin/redis-server',
        ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'],
        { stdio: 'ignore' },
      );
      await waitFor(async () => ((await answersPing(port)) ? true : undefined), {
        timeoutMs: 15_000,
        intervalMs: 50,
        what: `redis-server on ${port}`,
      });
    },
    async kill() {
      const stopping = child;
      child = undefined;
      if (!stopping || stopping.exitCode !== null) return;
      const exited = new Promise((resolve) => stopping.once('exit', resolve));
      stopping.kill('SIGKILL');
      await exited;
    },
  };
  if (running) await redis.start();
  return redis;
}
