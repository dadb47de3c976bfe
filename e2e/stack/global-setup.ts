/**
 * Playwright's global set-up: builds the apps whose sources changed (stack/stale-builds.ts; none if
 * E2E_NO_BUILD=1), then starts both journey stacks on fresh databases (stack/journey-stacks.ts), and records each
 * server's PID so failure-mode journeys can stop and restart one, and the site behind nginx (journey-stacks.ts).
 * Returns the teardown that stops everything.
 */
import { rmSync } from 'node:fs';
import { buildStaleApps } from '../../stack/stale-builds.ts';
import { startServices, stopServices, type RunningService } from '../../stack/stack.ts';
import {
  buildFailuresStack,
  JOURNEY_STACKS,
  journeyServices,
  readStackState,
  runtimeDirOf,
  startNginxSite,
  writeStackState,
  type JourneyStack,
} from './journey-stacks.ts';

async function startJourneyStack(stack: JourneyStack): Promise<RunningService[]> {
  if (stack === 'failures') await buildFailuresStack();
  const running = await startServices(journeyServices(stack), runtimeDirOf(stack));
  writeStackState({ pids: Object.fromEntries(running.map((s) => [s.name, s.pid])) }, stack);
  return running;
}

export default async function globalSetup() {
  if (process.env.E2E_NO_BUILD !== '1') buildStaleApps();
  for (const stack of JOURNEY_STACKS) rmSync(runtimeDirOf(stack), { recursive: true, force: true });
  // The main stack first, with the machine to itself: the page journeys start as soon as it answers. The failure
  // modes' stack (a shell build and eight more servers) starts after it, while the page journeys run; their worker
  // waits for it (fixtures/test.ts), and their chain is far shorter than the page journeys'.
  await startJourneyStack('main');
  // The same builds behind nginx, with the shipped configuration, for the nginx project (5 s: a shell build).
  const nginx = await startNginxSite();
  const failures = startJourneyStack('failures').catch((error: unknown) => {
    writeStackState({ pids: {}, error: error instanceof Error ? error.message : String(error) }, 'failures');
    return [];
  });
  return async () => {
    await failures;
    await stopServices(nginx);
    // Read again: a journey that restarted a server recorded the new PID.
    await stopServices(
      JOURNEY_STACKS.flatMap((stack) => Object.values(readStackState(stack).pids).map((pid) => ({ pid }))),
    );
  };
}
