import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { isRunning, stopProcess } from '../stack.ts';
import {
  assertPortsFree,
  readProductionState,
  spawnService,
  startProductionService,
  stopProductionService,
  writeProductionState,
  type ProductionService,
} from './processes.ts';

const runtimeDir = mkdtempSync(join(tmpdir(), 'hv-production-processes-'));
const pids: number[] = [];
afterAll(() => {
  for (const pid of pids) stopProcess(pid, 'SIGKILL');
  rmSync(runtimeDir, { recursive: true, force: true });
});

function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const server: Server = createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

/** A service as small as one gets: node answering HTTP on a port. */
const httpService = (port: number): ProductionService => ({
  name: 'echo',
  command: process.execPath,
  args: ['-e', `require('node:http').createServer((q, s) => s.end('ok')).listen(${port}, '127.0.0.1')`],
  cwd: runtimeDir,
  env: {},
  ports: [port],
  ready: { urls: [`http://127.0.0.1:${port}/`] },
  stopSignal: 'SIGTERM',
});

describe("the production topology's processes", () => {
  it('refuses a busy port, naming it and the service that needs it', async () => {
    const port = await freePort();
    const busy = createServer().listen(port, '127.0.0.1');
    await new Promise((resolve) => busy.once('listening', resolve));
    try {
      await expect(assertPortsFree([httpService(port)])).rejects.toThrow(
        new RegExp(`Port ${port} \\(echo\\) already in use by another process`),
      );
    } finally {
      busy.close();
    }
  });

  it('stops a service by the PID its state file records, and starts it again as it was, recording the new PID', async () => {
    const port = await freePort();
    const { running } = await spawnService(httpService(port), runtimeDir);
    pids.push(running.pid);
    writeProductionState(runtimeDir, {
      urls: { shell: '', api: '', authEmulator: '' },
      services: { echo: running },
    });

    await stopProductionService(runtimeDir, 'echo');
    expect(isRunning(running.pid)).toBe(false);
    await expect(fetch(`http://127.0.0.1:${port}/`)).rejects.toThrow();

    const pid = await startProductionService(runtimeDir, 'echo');
    pids.push(pid);
    expect(pid).not.toBe(running.pid);
    expect(readProductionState(runtimeDir).services.echo!.pid).toBe(pid);
    expect(await (await fetch(`http://127.0.0.1:${port}/`)).text()).toBe('ok');
  });

  it('says which service did not start, with the end of its log', async () => {
    const failing: ProductionService = {
      ...httpService(await freePort()),
      name: 'broken',
      args: ['-e', "console.log('no database here'); process.exit(3)"],
    };
    await expect(spawnService(failing, runtimeDir)).rejects.toThrow(
      /broken did not start: .*3[\s\S]*no database here/,
    );
  });
});
