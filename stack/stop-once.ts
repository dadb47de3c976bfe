/**
 * Runs a node program (argv) so that it gets one stop signal: the first SIGINT, SIGTERM or SIGHUP this process gets,
 * passed on as SIGTERM; the rest are dropped. The Auth Emulator exports its accounts on a clean stop
 * (--export-on-exit) but stops without exporting on a second signal, and `pnpm start` sends two or three: the
 * terminal's Ctrl+C to its whole process group, concurrently passing that on, then stopping the others, each time to
 * the whole process tree (tree-kill). So the program runs outside both: in a process group of its own, started by a
 * short-lived middle process so that it is no child of this one. This process stays until the program is gone.
 */
import { spawn } from 'node:child_process';
import type { Readable } from 'node:stream';

// The middle process writes the program's PID on a pipe to this one (fd 3), which the program holds open, unused,
// until it exits: the pipe's end is how this process learns the program is gone (it is not the program's parent).
const START_DETACHED = `
const program = require('node:child_process').spawn(process.execPath, process.argv.slice(1), {
  stdio: ['inherit', 'inherit', 'inherit', 3],
  detached: true,
});
program.unref();
require('node:fs').writeSync(3, String(program.pid));
`;

const middle = spawn(process.execPath, ['-e', START_DETACHED, ...process.argv.slice(2)], {
  stdio: ['inherit', 'inherit', 'inherit', 'pipe'],
});
const fromProgram = middle.stdio[3] as Readable;
let pid: number | undefined;
let stopping = false;
const stop = () => pid && process.kill(pid, 'SIGTERM');
fromProgram.setEncoding('utf8');
fromProgram.on('data', (text: string) => {
  pid = Number(text);
  if (stopping) stop();
});
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const)
  process.on(signal, () => {
    if (stopping) return;
    stopping = true;
    stop();
  });
// Gone without being asked, it failed.
fromProgram.on('end', () => process.exit(stopping ? 0 : 1));
