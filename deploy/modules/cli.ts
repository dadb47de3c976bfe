/**
 * `pnpm modules <command>`: a team's releases of its remote (deploy/modules/releases.ts).
 *
 *   pnpm modules release <app>            build <app> into a new, immutable release folder (not live yet)
 *   pnpm modules promote <app> <version>  make that release live: remotes.json points at it from the next page load
 *   pnpm modules canary <app> <version> --percent N
 *                                         put that release out for N % of visitors beside the live one (or move it)
 *   pnpm modules rollback <app>           end the canary; without one, put the release that was live before back
 *   pnpm modules status [--json]          for each remote: live, canary, previous and every release
 *
 * <app> is mf-catalogue, mf-artifact-editor or mf-account (or its federation name). A refusal exits 1 with its reason,
 * and so does a status that found a release.json it cannot read (naming it, after listing the rest).
 */
import { parseArgs } from 'node:util';
import { canary, promote, release, ReleaseError, remoteNamed, rollback, status } from './releases.ts';

const USAGE = `Usage:
  pnpm modules release <app>
  pnpm modules promote <app> <version>
  pnpm modules canary <app> <version> --percent <0-100>
  pnpm modules rollback <app>
  pnpm modules status [--json]
<app>: mf-catalogue, mf-artifact-editor or mf-account`;

function run(args: string[]): void {
  let parsed;
  try {
    parsed = parseArgs({
      args,
      allowPositionals: true,
      options: { json: { type: 'boolean' }, percent: { type: 'string' } },
    });
  } catch (error) {
    throw new ReleaseError(`${(error as Error).message}\n${USAGE}`);
  }
  const { positionals, values } = parsed;
  const [command, app, version] = positionals;
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
    case 'canary': {
      if (!app || !version || values.percent === undefined)
        throw new ReleaseError(`Which app, version and share (--percent)?\n${USAGE}`);
      const percent = /^\d+$/.test(values.percent) ? Number(values.percent) : Number.NaN;
      if (Number.isNaN(percent))
        throw new ReleaseError(`--percent must be a whole number from 0 to 100, not '${values.percent}'`);
      const entry = canary(remoteNamed(app), version, percent);
      console.log(
        `${app}: ${version} goes to ${percent} % of visitors from their next load, beside ${entry.live ?? 'its build in dist/'}`,
      );
      return;
    }
    case 'rollback': {
      if (!app) throw new ReleaseError(`Which app?\n${USAGE}`);
      const entry = rollback(remoteNamed(app));
      const named = (version: string | null) => version ?? 'its build in dist/';
      if (entry.endedCanary) {
        console.log(
          `${app}: canary ${entry.endedCanary.version} taken out; every visitor gets ${named(entry.live)} from their next load`,
        );
        return;
      }
      console.log(
        `${app}: rolled back to ${named(entry.live)} (previous: ${named(entry.previous)}); pages load it from their next load`,
      );
      return;
    }
    case 'status': {
      const all = status();
      if (values.json) console.log(JSON.stringify(all, null, 2));
      else
        for (const [name, remote] of Object.entries(all)) {
          console.log(
            `${name}: live ${remote.live ?? '(its build in dist/)'}, previous ${remote.previous ?? '-'}`,
          );
          if (remote.canary)
            console.log(
              `  canary: ${remote.canary.version} for ${remote.canary.percent} % since ${remote.canary.since}`,
            );
          if (remote.canaryEnded)
            console.log(
              `  last canary taken out: ${remote.canaryEnded.version} at ${remote.canaryEnded.at} (${remote.canaryEnded.reason})`,
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
