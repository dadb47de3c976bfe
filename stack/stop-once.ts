/**
 * Runs a node program (argv) in a process group of its own and passes it one stop signal: the first SIGINT, SIGTERM
 * or SIGHUP this process gets, as SIGTERM; the rest are dropped. The Auth Emulator exports its accounts on a clean
 * stop (--export-on-exit) but stops at once, without exporting, on a second signal, and `pnpm start` would send it
 * two or three: the terminal's Ctrl+C to the whole group, concurrently passing that on, then stopping the others.
 */
import { spawn } from 'node:child_process';

const child = spawn(process.execPath, process.argv.slice(2), { stdio: 'inherit', detached: true });
let stopping = false;
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const)
  process.on(signal, () => {
    if (stopping) return;
    stopping = true;
    child.kill('SIGTERM');
  });
child.on('exit', (code, signal) => process.exit(code ?? (signal ? 128 : 1)));
