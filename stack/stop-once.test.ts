import { execFileSync, spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { ROOT } from './stack.ts';

let dir: string;
afterEach(() => rmSync(dir, { recursive: true, force: true }));

/** A program that writes down every signal it gets, and stops 300 ms after a SIGTERM (the emulator's export). */
function program(): { path: string; signals: () => string[] } {
  dir = mkdtempSync(join(tmpdir(), 'stop-once-'));
  const log = join(dir, 'signals');
  const path = join(dir, 'program.cjs');
  writeFileSync(log, '');
  writeFileSync(
    path,
    `const { appendFileSync } = require('node:fs');
     for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'])
       process.on(signal, () => {
         appendFileSync(${JSON.stringify(log)}, signal + '\\n');
         if (signal === 'SIGTERM') setTimeout(() => process.exit(0), 300);
       });
     appendFileSync(${JSON.stringify(log)}, 'ready\\n');
     setInterval(() => {}, 1000);`,
  );
  return { path, signals: () => readFileSync(log, 'utf8').split('\n').filter(Boolean) };
}

/** What concurrently's tree-kill does: the signal to a process and to every process under it. */
function signalTree(pid: number, signal: NodeJS.Signals): void {
  const table = execFileSync('ps', ['-A', '-o', 'pid=,ppid='], { encoding: 'utf8' })
    .trim()
    .split('\n')
    .map((line) => line.trim().split(/\s+/).map(Number) as [number, number]);
  const tree = [pid];
  for (let index = 0; index < tree.length; index++)
    for (const [child, parent] of table) if (parent === tree[index]) tree.push(child);
  for (const member of tree)
    try {
      process.kill(member, signal);
    } catch {
      // gone already
    }
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('stop-once', () => {
  it("passes the program one SIGTERM for a Ctrl+C, concurrently's SIGINT and its SIGTERM to the whole tree", async () => {
    const { path, signals } = program();
    // In a group of its own, as a terminal runs a command.
    const wrapper = spawn(process.execPath, [join(ROOT, 'stack', 'stop-once.ts'), path], {
      detached: true,
      stdio: 'ignore',
    });
    const exited = new Promise<number | null>((resolve) => wrapper.once('exit', resolve));
    while (!signals().includes('ready')) await sleep(50);

    process.kill(-wrapper.pid!, 'SIGINT');
    await sleep(150);
    signalTree(wrapper.pid!, 'SIGINT');
    await sleep(150);
    signalTree(wrapper.pid!, 'SIGTERM');

    expect(await exited).toBe(0);
    expect(signals()).toEqual(['ready', 'SIGTERM']);
  });

  it('fails when the program stops without being asked', async () => {
    dir = mkdtempSync(join(tmpdir(), 'stop-once-'));
    const path = join(dir, 'exits.cjs');
    writeFileSync(path, 'process.exit(3)');
    const wrapper = spawn(process.execPath, [join(ROOT, 'stack', 'stop-once.ts'), path], { stdio: 'ignore' });
    expect(await new Promise((resolve) => wrapper.once('exit', resolve))).toBe(1);
  });
});
