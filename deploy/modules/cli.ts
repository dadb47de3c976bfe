/**
 * `pnpm modules <command>`: a team's releases of its remote (deploy/modules/releases.ts).
 *
 *   pnpm modules release <app>            build <app> into a new, immutable release folder (not live yet)
 *   pnpm modules promote <app> <version>  make that release live: remotes.json points at it from the next page load
 *   pnpm modules canary <app> <version> --percent N
 *                                         put that release out for N % of visitors beside the live one (or move it)
 *   pnpm modules rollback <app>           end the canary; without one, put the release that was live before back
 *   pnpm modules status [--json] [--window <minutes>]
 *                                         for each remote: live, canary, previous and every release, and the live
 *                                         and canary releases' health over the window (60 minutes)
 *   pnpm modules watch [--once]           take out every canary whose health falls below the live release's
 *                                         (release-watch.ts), every CANARY_WATCH_SECONDS; without --once, serve
 *                                         its verdicts to Prometheus (release-watch-metrics.ts)
 *
 * <app> is mf-catalogue, mf-artifact-editor or mf-account (or its federation name). A refusal exits 1 with its reason,
 * and so does a status that found a release.json it cannot read (naming it, after listing the rest).
 */
import { parseArgs } from 'node:util';
import type { ReleaseHealth } from 'artifact-model/release-health';
import { canary, promote, release, ReleaseError, remoteNamed, rollback, status } from './releases.ts';
import { fetchReleaseHealth, healthOf, watchOnce } from './release-watch.ts';
import {
  releaseWatchMetrics,
  releaseWatchMetricsPort,
  serveReleaseWatchMetrics,
} from './release-watch-metrics.ts';

const USAGE = `Usage:
  pnpm modules release <app>
  pnpm modules promote <app> <version>
  pnpm modules canary <app> <version> --percent <0-100>
  pnpm modules rollback <app>
  pnpm modules status [--json] [--window <minutes>]
  pnpm modules watch [--once]
<app>: mf-catalogue, mf-artifact-editor or mf-account`;

async function run(args: string[]): Promise<void> {
  let parsed;
  try {
    parsed = parseArgs({
      args,
      allowPositionals: true,
      options: {
        json: { type: 'boolean' },
        percent: { type: 'string' },
        window: { type: 'string' },
        once: { type: 'boolean' },
      },
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
      const minutes = values.window === undefined ? 60 : Number(values.window);
      if (!Number.isInteger(minutes) || minutes < 1 || minutes > 60 * 24 * 30)
        throw new ReleaseError(
          `--window must be a whole number of minutes from 1 to 43200, not '${values.window}'`,
        );
      const all = status();
      // The health of each live and canary release: none, said once, when the API cannot be reached.
      let health: ReleaseHealth[] | null = null;
      let healthProblem: string | null = null;
      try {
        health = await fetchReleaseHealth(new Date(Date.now() - minutes * 60_000));
      } catch (error) {
        if (!(error instanceof ReleaseError)) throw error;
        healthProblem = error.message;
      }
      const healthOfRemote = (name: string, version: string | null) =>
        health ? (healthOf(health, name, version) ?? null) : null;
      const withHealth = Object.fromEntries(
        Object.entries(all).map(([name, remote]) => [
          name,
          {
            ...remote,
            health: health && {
              windowMinutes: minutes,
              live: healthOfRemote(name, remote.live),
              canary: remote.canary ? healthOfRemote(name, remote.canary.version) : null,
            },
          },
        ]),
      );
      if (values.json) console.log(JSON.stringify(withHealth, null, 2));
      else
        for (const [name, remote] of Object.entries(all)) {
          console.log(
            `${name}: live ${remote.live ?? '(its build in dist/)'}, previous ${remote.previous ?? '-'}`,
          );
          if (health)
            console.log(
              `  live health, last ${minutes} min: ${healthLine(healthOfRemote(name, remote.live))}`,
            );
          if (remote.canary) {
            console.log(
              `  canary: ${remote.canary.version} for ${remote.canary.percent} % since ${remote.canary.since}`,
            );
            if (health)
              console.log(
                `  canary health, last ${minutes} min: ${healthLine(healthOfRemote(name, remote.canary.version))}`,
              );
          }
          if (remote.canaryEnded)
            console.log(
              `  last canary taken out: ${remote.canaryEnded.version} at ${remote.canaryEnded.at} (${remote.canaryEnded.reason})`,
            );
          console.log(`  releases: ${remote.releases.join(', ') || 'none'}`);
        }
      if (healthProblem) console.error(`Release health not shown: ${healthProblem}`);
      // Every other release is listed; each unreadable one is an error of its own, and the command fails.
      const unreadable = Object.values(all).flatMap((remote) => remote.unreadable);
      for (const problem of unreadable) console.error(`Error: ${problem}`);
      if (unreadable.length) process.exitCode = 1;
      return;
    }
    case 'watch': {
      const seconds = Number(process.env.CANARY_WATCH_SECONDS || 30);
      if (!Number.isFinite(seconds) || seconds < 1)
        throw new ReleaseError(
          `CANARY_WATCH_SECONDS must be a number of seconds, 1 or more, not '${process.env.CANARY_WATCH_SECONDS}'`,
        );
      if (values.once) {
        for (const line of await watchOnce()) console.log(line);
        return;
      }
      // Its verdicts for Prometheus, kept across looks (release-watch-metrics.ts).
      const metrics = releaseWatchMetrics();
      await serveReleaseWatchMetrics(metrics.registry, releaseWatchMetricsPort());
      for (;;) {
        try {
          for (const line of await watchOnce(process.env, new Date(), metrics)) console.log(line);
        } catch (error) {
          // The API away for a moment, or a canary not taken out, stops no watcher: it looks again next time.
          if (!(error instanceof ReleaseError)) throw error;
          console.error(error.message);
        }
        await new Promise((resolve) => setTimeout(resolve, seconds * 1000));
      }
    }
    default:
      throw new ReleaseError(command ? `Unknown command '${command}'.\n${USAGE}` : USAGE);
  }
}

/** One line of a release's health. */
function healthLine(health: ReleaseHealth | null): string {
  if (!health) return 'no page views';
  const { views, errorRate, p75 } = health;
  const vital = (value: number | null, unit = ' ms') => (value === null ? '-' : `${value}${unit}`);
  return (
    `${views} page views, error rate ${(errorRate * 100).toFixed(1)} %, ` +
    `p75 LCP ${vital(p75.lcp)}, INP ${vital(p75.inp)}, CLS ${vital(p75.cls, '')}`
  );
}

try {
  await run(process.argv.slice(2));
} catch (error) {
  if (!(error instanceof ReleaseError)) throw error;
  console.error(error.message);
  process.exitCode = 1;
}
