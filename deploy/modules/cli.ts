/**
 * `pnpm modules <command>`: a team's releases of its remote (deploy/modules/releases.ts).
 *
 *   pnpm modules release <app>            build <app> into a new, immutable release folder (not live yet)
 *   pnpm modules promote <app> <version>  make that release live: remotes.json points at it from the next page load
 *   pnpm modules rollback <app>           put the release that was live before back
 *   pnpm modules status [--json]          for each remote: live, previous and every release
 *
 * <app> is mf-catalogue, mf-artifact-editor or mf-account (or its federation name). A refusal exits 1 with its reason,
 * and so does a status that found a release.json it cannot read (naming it, after listing the rest).
 */
import { promote, release, ReleaseError, remoteNamed, rollback, status } from './releases.ts';

const USAGE = `Usage:
  pnpm modules release <app>
  pnpm modules promote <app> <version>
  pnpm modules rollback <app>
  pnpm modules status [--json]
<app>: mf-catalogue, mf-artifact-editor or mf-account`;

function run(args: string[]): void {
  const [command, app, version] = args;
  switch (command) {
    case 'release': {
      if (!app) throw new ReleaseError(`Which app?\n${USAGE}`);
      const info = release(remoteNamed(app));
      console.log(`${info.app} ${info.version} released: releases/${info.app}/${info.version}/`);
      console.log(`Not live yet: pnpm modules promote ${info.app} ${info.version}`);
      return;
    }
    case 'promote': {
      if (!app || !version) throw new ReleaseError(`Which app and version?\n${USAGE}`);
      const entry = promote(remoteNamed(app), version);
      console.log(
        `${app}: ${entry.live} is live (previous: ${entry.previous ?? 'its build in dist/'}); pages load it from their next load`,
      );
      return;
    }
    case 'rollback': {
      if (!app) throw new ReleaseError(`Which app?\n${USAGE}`);
      const entry = rollback(remoteNamed(app));
      const named = (version: string | null) => version ?? 'its build in dist/';
      console.log(
        `${app}: rolled back to ${named(entry.live)} (previous: ${named(entry.previous)}); pages load it from their next load`,
      );
      return;
    }
    case 'status': {
      const all = status();
      if (args.includes('--json')) console.log(JSON.stringify(all, null, 2));
      else
        for (const [name, remote] of Object.entries(all)) {
          console.log(
            `${name}: live ${remote.live ?? '(its build in dist/)'}, previous ${remote.previous ?? '-'}`,
          );
          console.log(`  releases: ${remote.releases.join(', ') || 'none'}`);
        }
      // Every other release is listed; each unreadable one is an error of its own, and the command fails.
      const unreadable = Object.values(all).flatMap((remote) => remote.unreadable);
      for (const problem of unreadable) console.error(`Error: ${problem}`);
      if (unreadable.length) process.exitCode = 1;
      return;
    }
    default:
      throw new ReleaseError(command ? `Unknown command '${command}'.\n${USAGE}` : USAGE);
  }
}

try {
  run(process.argv.slice(2));
} catch (error) {
  if (!(error instanceof ReleaseError)) throw error;
  console.error(error.message);
  process.exitCode = 1;
}
