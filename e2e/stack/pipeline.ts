/**
 * The test pipelines, one runner for all of them. Each ends with one line 'N passed, N failed' that adds up all its
 * suites, and exits non-zero on any failure.
 *
 *   pnpm test                   everything: lint, type check, unit and integration tests, the production build, every
 *                               journey, the production topology under faults, and the page journeys again against
 *                               the site `pnpm start` serves and the production topology `pnpm start:production` serves
 *   pnpm test:module <module>   a team's own: its lint, type check, unit tests and build, then its journeys and the
 *                               cross-module ones that touch it (by tag), against the current builds of the rest
 *   pnpm test:changed [base]    the pipelines of the modules whose files changed since base (default origin/main, else
 *                               the last commit), as pnpm's change filter `--filter "...[base]"` selects them
 *
 * What each module owns and which journeys are its own: stack/modules.ts; the plan from the modules:
 * stack/pipeline-plan.ts.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { JSONReport } from '@playwright/test/reporter';
import {
  failedJourneyNames,
  failedJourneysReport,
  failedTestNames,
  type VitestReport,
} from './failed-journeys.ts';
import { isModuleName, MODULES } from './modules.ts';
import { EVERYTHING, modulesAmong, planFor, type Plan } from './pipeline-plan.ts';
import { withStartedDeployment } from './started-deployment.ts';
import { recordBuilds } from '../../stack/stale-builds.ts';
import { ROOT } from '../../stack/stack.ts';

interface Tally {
  suite: string;
  passed: number;
  failed: number;
  /** The tests that failed, named in the summary: a CI log's end may be all its reader sees. */
  failedNames?: string[];
}

const tallies: Tally[] = [];
/** What the failed journeys' pages showed (failed-journeys.ts), printed together just before the summary. */
const failureReports: string[] = [];

function run(command: string, env: NodeJS.ProcessEnv = {}): boolean {
  console.log(`\n$ ${command}`);
  const result = spawnSync(command, {
    cwd: ROOT,
    stdio: 'inherit',
    shell: true,
    env: { ...process.env, ...env },
  });
  return result.status === 0;
}

/** A step that is one check: it passes or fails as a whole. */
function check(suite: string, command: string): boolean {
  const ok = run(command);
  tallies.push({ suite, passed: ok ? 1 : 0, failed: ok ? 0 : 1 });
  return ok;
}

function readJson<T>(path: string): T | null {
  return existsSync(path) ? (JSON.parse(readFileSync(path, 'utf8')) as T) : null;
}

const filters = (dirs: readonly string[]) => dirs.map((dir) => `--filter ./${dir}`).join(' ');

/** Runs vitest with `args` (as `pnpm test:unit` does: on every core) and counts its tests. */
function vitest(suite: string, args: string): void {
  const report = join(ROOT, '.vitest-results.json');
  const suiteErrors = join(ROOT, '.vitest-suite-errors.json');
  rmSync(report, { force: true });
  rmSync(suiteErrors, { force: true });
  const ok = run(
    `pnpm test:unit ${args} --reporter=default --reporter=json --outputFile.json=${report} ` +
      `--reporter=${join(import.meta.dirname, 'suite-errors-reporter.ts')}`,
    { SUITE_ERRORS_FILE: suiteErrors },
  );
  const result = readJson<VitestReport>(report);
  tallies.push({
    suite,
    passed: result?.numPassedTests ?? 0,
    // A suite that fails to load fails the run with no failed test: count it, so the total cannot hide it.
    failed: (result?.numFailedTests ?? 0) || (ok ? 0 : 1),
    failedNames: [
      ...(result ? failedTestNames(result, ROOT) : []),
      ...(readJson<string[]>(suiteErrors) ?? []),
    ],
  });
}

/** Runs Playwright and counts its journeys; `resultsDir` is the config's for this run (playwright.config.ts). */
function journeys(suite: string, args: string, resultsDir: string, env: NodeJS.ProcessEnv = {}): void {
  const report = join(ROOT, 'e2e', resultsDir, 'results.json');
  rmSync(report, { force: true });
  const ok = run(`pnpm exec playwright test -c e2e/playwright.config.ts ${args}`.trim(), env);
  const e2e = readJson<JSONReport>(report);
  const failed = (e2e?.stats.unexpected ?? 0) + (e2e?.stats.flaky ?? 0);
  if (failed || !ok) failureReports.push(failedJourneysReport(join(ROOT, 'e2e', resultsDir)));
  tallies.push({
    suite,
    passed: e2e?.stats.expected ?? 0,
    failed: failed || (ok ? 0 : 1),
    failedNames: e2e ? failedJourneyNames(e2e) : [],
  });
}

/**
 * The journeys run against `pnpm start`: the journeys' own stack starts the same servers (stack/stack.ts), so what is
 * left to prove is what the command adds (stale builds only, the kept emulator accounts, the render service's settings):
 * each module's main page, and a member's pages drawn on the server from their page session, signed in and out.
 */
const START_JOURNEYS = [
  'tests/catalogue/home',
  'tests/editor/my-artifacts',
  'tests/account/profile',
  'tests/qa/server-rendering-members',
].join(' ');

/**
 * The journeys run against `pnpm start:production`: what its topology adds to the suite's own stack (nginx's
 * micro-cache and headers in front of two render and two API processes, PostgreSQL, Redis, object storage): every
 * module's pages that read, write, vote and upload, members' sessions and accounts, pages as served and rendered.
 * Left out are the journeys whose subject is the browser's side alone, the same on any server (the page gallery,
 * forms' hints, keyboard use, loading texts, JavaScript budgets, unsaved changes, page changes, navigation, hostile
 * texts, About and Contact), registering and signing in (the same Auth Emulator), and the static files' serving, which
 * the suite's own run checks behind nginx with the shipped configuration (project 'nginx'). QA can run them all against
 * any deployment (docs/testing.md).
 */
const PRODUCTION_JOURNEYS = [
  'tests/catalogue/home',
  'tests/catalogue/all-artifacts',
  'tests/catalogue/artifact-details',
  'tests/editor/add-artifact',
  'tests/editor/update-artifact',
  'tests/editor/delete-artifact',
  'tests/editor/photo-upload',
  'tests/editor/my-artifacts',
  'tests/editor/ownership',
  'tests/account',
  'tests/shell/member-session',
  'tests/qa/server-rendering',
  'tests/qa/machine-readable',
];

/**
 * The release journeys run against both deployments, in their releases folders (project 'releases'): canary releases
 * (#56), which also promote a release while the render service runs and take one out again, each drawn on the next
 * request. The skew journey's promotions and rollbacks run in the suite's own run: the kit contract they check is the
 * release tooling's, the same on any topology.
 */
const CANARY_JOURNEYS = 'tests/shell/canary-stack-failures';

/**
 * What `pnpm test` leaves out of the suite's own run because a deployment pass runs it right after, on a topology
 * closer to a deployment: the desktop journeys of the production pass (running them twice took 5 of the suite's 15
 * minutes of journeys on two cores; the suite's run keeps them at phone width), and the canary journeys, which both
 * deployment passes run.
 */
const LEFT_FOR_DEPLOYMENTS = [
  { project: 'desktop', paths: PRODUCTION_JOURNEYS },
  { project: 'stack-failures', paths: [CANARY_JOURNEYS] },
];
const filesOf = (paths: readonly string[]) =>
  `(?:${paths.map((path) => path.replace(/^tests\//, '')).join('|')})[^ ]*\\.spec\\.ts`;
/** As Playwright's `--grep-invert` reads a journey: its project, its file (from e2e/tests), its titles and tags, by spaces. */
const LEFT_OUT_OF_OWN_RUN = LEFT_FOR_DEPLOYMENTS.map(
  ({ project, paths }) => `^${project} ${filesOf(paths)} `,
).join('|');
const LEFT_FOR_DEPLOYMENTS_FILE = new RegExp(
  `^${filesOf(LEFT_FOR_DEPLOYMENTS.flatMap(({ paths }) => paths))}$`,
);

/**
 * The journeys a deployment pass skipped that the suite's own run left out (a journey that needs the suite's own stack
 * skips against a deployment): they ran nowhere, and the pipeline fails on them.
 */
function skippedAndLeftOut(resultsDir: string): string[] {
  const report = readJson<JSONReport>(join(ROOT, 'e2e', resultsDir, 'results.json'));
  const skipped: string[] = [];
  const walk = (suite: JSONReport['suites'][number], file: string): void => {
    for (const spec of suite.specs)
      for (const test of spec.tests)
        if (test.status === 'skipped') skipped.push(`${file}: ${spec.title} [${test.projectName}]`);
    for (const child of suite.suites ?? []) walk(child, file);
  };
  // Each top-level suite is a file, named by its path from e2e/tests.
  for (const suite of report?.suites ?? [])
    if (LEFT_FOR_DEPLOYMENTS_FILE.test(suite.title)) walk(suite, suite.title);
  return skipped;
}

async function runPlan(plan: Plan): Promise<void> {
  console.log(`Pipeline: ${plan.title}`);
  const all = plan.packages === 'all';
  const packages: readonly string[] = plan.packages === 'all' ? [] : plan.packages;
  if (plan.journeys !== 'none') {
    check('system packages', 'bash stack/system-deps.sh');
    // The Prometheus `pnpm start:production` runs (deploy/prometheus/): its rules and its configuration as promtool,
    // installed with it, reads them.
    check(
      'Prometheus alert rules (promtool check rules)',
      'promtool check rules deploy/prometheus/alerts.yml',
    );
    const prometheusDir = join(tmpdir(), `hv-promtool-${process.pid}`);
    check(
      'Prometheus configuration (promtool check config)',
      `node --import tsx deploy/prometheus/config.ts --out ${prometheusDir} --api 127.0.0.1:3001 --api 127.0.0.1:3002 ` +
        `&& promtool check config ${join(prometheusDir, 'prometheus.yml')}`,
    );
    rmSync(prometheusDir, { recursive: true, force: true });
  }
  check(
    'lint',
    all
      ? 'pnpm lint'
      : `pnpm exec eslint --max-warnings=0 ${packages.join(' ')} && pnpm exec prettier --check ${packages.join(' ')}`,
  );
  check('type check', all ? 'pnpm typecheck' : `pnpm ${filters(packages)} --parallel run typecheck`);

  const projects = packages.map((dir) => `--project ${dir}`).join(' ');
  vitest('unit and integration (vitest)', projects);

  let built = true;
  if (plan.builds === 'all' || plan.builds.length) {
    const dirs = plan.builds === 'all' ? null : plan.builds;
    built = check('production build', dirs ? `pnpm ${filters(dirs)} --parallel run build` : 'pnpm build');
    // The journeys' set-up then finds these builds fresh, and builds only what else is stale (stack/stale-builds.ts).
    if (built) recordBuilds(dirs ?? undefined);
  }
  if (!built || plan.journeys === 'none') return;
  journeys(
    'journeys (Playwright)',
    plan.journeys !== 'all'
      ? `--grep "${plan.journeys.grep}"`
      : plan.againstADeployment
        ? `--grep-invert "${LEFT_OUT_OF_OWN_RUN}"`
        : '',
    'test-results',
  );
  if (plan.againstADeployment) {
    // The production topology under faults: it serves these builds (stack/production/production-faults.test.ts).
    vitest('production topology under faults (vitest)', '-c stack/production/faults.vitest.config.ts');
    // The journeys against a running deployment (E2E_BASE_URL), proven on the README's start commands: on each, the
    // journeys of what it adds to the journeys' own stack (START_JOURNEYS, PRODUCTION_JOURNEYS), then the release
    // journeys in its releases folder (project 'releases', its pages rendered on the server). A run of their own: a
    // file filter does not reach a project's dependencies, so 'releases' would run every desktop journey first.
    const deployments = [
      {
        command: 'start',
        runs: [
          { projects: `${START_JOURNEYS} --project desktop`, output: 'deployment', leftOut: false },
          {
            projects: `${CANARY_JOURNEYS} --project releases --no-deps`,
            output: 'deployment-canary',
            leftOut: true,
          },
        ],
      },
      {
        command: 'start:production',
        runs: [
          {
            projects: `${PRODUCTION_JOURNEYS.join(' ')} --project desktop`,
            output: 'production',
            leftOut: true,
          },
          {
            projects: `${CANARY_JOURNEYS} --project releases --no-deps`,
            output: 'production-releases',
            leftOut: true,
          },
        ],
      },
    ] as const;
    for (const { command, runs } of deployments) {
      const suite = `journeys against \`pnpm ${command}\` (E2E_BASE_URL)`;
      await withStartedDeployment((env) => {
        for (const { projects, output, leftOut } of runs) {
          journeys(suite, projects, `test-results-${output}`, { ...env, E2E_OUTPUT_NAME: output });
          const nowhere = leftOut ? skippedAndLeftOut(`test-results-${output}`) : [];
          if (nowhere.length)
            tallies.push({
              suite: "journeys left out of the suite's own run, skipped here too",
              passed: 0,
              failed: nowhere.length,
              failedNames: nowhere,
            });
        }
      }, command).catch((error: unknown) => {
        console.error(`\nThe site for the deployment journeys did not start: ${String(error)}`);
        tallies.push({ suite, passed: 0, failed: 1 });
      });
    }
  }
}

/** The base `pnpm test:changed` compares with when none is given: origin/main if the clone has it, else HEAD. */
function defaultBase(): string {
  try {
    execFileSync('git', ['rev-parse', '--verify', '--quiet', 'origin/main'], { cwd: ROOT, stdio: 'ignore' });
    return 'origin/main';
  } catch {
    return 'HEAD';
  }
}

/** The plan for what changed since `base`, or null when nothing did. */
function planForChanges(base: string): Plan | null {
  const listed = execFileSync('pnpm', ['ls', '-r', '--depth', '-1', '--json', '--filter', `...[${base}]`], {
    cwd: ROOT,
    encoding: 'utf8',
  });
  const changed = JSON.parse(listed || '[]') as Array<{ name: string }>;
  console.log(
    `Changed since ${base}, with the packages that depend on them: ${changed.map((p) => p.name).join(', ') || 'none'}`,
  );
  if (!changed.length) return null;
  const modules = modulesAmong(changed);
  return modules === 'everything'
    ? { ...EVERYTHING, title: 'the workspace or the e2e harness changed: every check' }
    : planFor(modules);
}

function usage(message: string): never {
  console.error(
    `${message}\nUsage: pnpm test | pnpm test:module <${Object.keys(MODULES).join('|')}> | pnpm test:changed [base]`,
  );
  process.exit(2);
}

const [command = 'all', argument] = process.argv.slice(2);
let plan: Plan | null;
if (command === 'all') plan = EVERYTHING;
else if (command === 'module') {
  if (!argument || !isModuleName(argument)) usage(`Which module? '${argument ?? ''}' is not one.`);
  plan = planFor([argument]);
} else if (command === 'changed') plan = planForChanges(argument ?? defaultBase());
else usage(`Unknown pipeline '${command}'.`);

if (plan) await runPlan(plan);
else console.log('Nothing changed: no pipeline to run.');

for (const report of failureReports.filter(Boolean)) console.log(`\n${report}`);
console.log('\nSummary');
for (const t of tallies) {
  console.log(`  ${t.suite.padEnd(58)} ${t.passed} passed, ${t.failed} failed`);
  for (const name of t.failedNames ?? []) console.log(`    failed: ${name}`);
}
const passed = tallies.reduce((n, t) => n + t.passed, 0);
const failed = tallies.reduce((n, t) => n + t.failed, 0);
console.log(`${passed} passed, ${failed} failed`);
process.exit(failed > 0 ? 1 : 0);
