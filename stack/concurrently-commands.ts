/**
 * The stack's services as concurrently runs them for `pnpm start` and `pnpm dev`: each under its service's name,
 * in a colour of its own, with the same node arguments, folder and environment the journeys start it with
 * (stack.ts). concurrently runs command lines in a shell, so each argument is quoted for it.
 */
import type { ConcurrentlyCommandInput } from 'concurrently';
import type { Service, ServiceName } from './stack.ts';

const COLOURS: Record<ServiceName, string> = {
  auth: 'yellow',
  api: 'magenta',
  mf_catalogue: 'cyan',
  mf_artifact_editor: 'green',
  mf_account: 'blue',
  shell: 'white.bold',
};

/** A POSIX shell word that stands for `arg` exactly. */
export function shellQuote(arg: string): string {
  return /^[\w@%+=:,./-]+$/.test(arg) ? arg : `'${arg.replace(/'/g, `'\\''`)}'`;
}

export function concurrentlyCommands(
  services: readonly Service[],
  nodePath: string,
  env: NodeJS.ProcessEnv,
): ConcurrentlyCommandInput[] {
  return services.map((service) => ({
    name: service.name,
    command: [nodePath, ...service.args].map(shellQuote).join(' '),
    cwd: service.cwd,
    env: { ...env, ...service.env },
    prefixColor: COLOURS[service.name],
  }));
}
