import { execFileSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { concurrentlyCommands, shellQuote } from './concurrently-commands.ts';
import { stackServices } from './stack.ts';

/** What a POSIX shell makes of a command line: its words, one a line. */
const wordsOf = (commandLine: string) =>
  execFileSync('sh', ['-c', `printf '%s\\n' ${commandLine}`], { encoding: 'utf8' })
    .split('\n')
    .slice(0, -1);

describe('the stack as concurrently runs it', () => {
  const env = { PATH: '/usr/bin', API_PORT: '3100', PGLITE_DATA_DIR: '/data/with space' };
  const services = stackServices({ mode: 'dev', runtimeDir: mkdtempSync(join(tmpdir(), 'stack-')), env });
  const commands = concurrentlyCommands(services, '/opt/node 24/bin/node', env);

  it('runs every service of the stack under its own name, in its folder, in a colour of its own', () => {
    expect(commands.map((c) => typeof c !== 'string' && c.name)).toEqual(services.map((s) => s.name));
    expect(commands.map((c) => typeof c !== 'string' && c.cwd)).toEqual(services.map((s) => s.cwd));
    const colours = commands.map((c) => typeof c !== 'string' && c.prefixColor);
    expect(new Set(colours).size).toBe(services.length);
  });

  it("starts each with the given node and the service's own arguments, whatever they contain", () => {
    services.forEach((service, i) => {
      const command = commands[i]!;
      if (typeof command === 'string') throw new Error('expected a command object');
      expect(wordsOf(command.command)).toEqual(['/opt/node 24/bin/node', ...service.args]);
    });
  });

  it("gives each the stack's environment with the service's own on top", () => {
    const api = commands.find((c) => typeof c !== 'string' && c.name === 'api');
    if (!api || typeof api === 'string') throw new Error('no api command');
    expect(api.env).toMatchObject({ PATH: '/usr/bin', PORT: '3100', PGLITE_DATA_DIR: '/data/with space' });
  });

  it('quotes for the shell only what needs it', () => {
    expect(shellQuote('--port')).toBe('--port');
    expect(wordsOf(['a b', "it's", '$HOME', '*', ''].map(shellQuote).join(' '))).toEqual([
      'a b',
      "it's",
      '$HOME',
      '*',
      '',
    ]);
  });
});
