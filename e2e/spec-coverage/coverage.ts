/**
 * Spec coverage from the tests' own declarations: each journey names the spec items it shows in its `spec`
 * annotations (`annotation: spec(...)`, fixtures/test.ts), and Playwright's list of the journeys gives them, with no
 * stack and no browser. The few items no journey can show name their component test, found in vitest's own list,
 * or say why the product never shows them (not-journeyed.ts).
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { JSONReport, JSONReportSuite } from '@playwright/test/reporter';
import { COMPONENT_TESTS, NOT_SHOWN } from './not-journeyed.ts';
import type { SpecItem } from './spec-items.ts';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../..');

export interface Journey {
  /** Relative to e2e/. */
  file: string;
  /** Its describes' titles and its own, as the report shows them. */
  title: string;
  projects: string[];
  /** The spec items its annotations name. */
  items: string[];
}

export interface Coverage {
  journeys: Journey[];
  /** The full names of the component tests vitest lists in the files not-journeyed.ts names. */
  componentTests: Set<string>;
}

/** Runs a tool of the workspace; `errorsOf` finds what went wrong in what it printed, when it fails. */
function run(args: string[], env = process.env, errorsOf = (stdout: string) => stdout): string {
  const result = spawnSync('pnpm', ['exec', ...args], {
    cwd: ROOT,
    env,
    encoding: 'utf8',
    maxBuffer: 1 << 28,
  });
  if (result.status !== 0)
    throw new Error(`pnpm exec ${args.join(' ')} failed:\n${result.stderr}${errorsOf(result.stdout)}`);
  return result.stdout;
}

/** Every journey of every project, as `playwright test --list` finds them, with the spec items each declares. */
export function listJourneys(): Journey[] {
  // The suite's own projects (a deployment under test leaves some out), and the report on stdout.
  const env = { ...process.env };
  for (const name of ['E2E_BASE_URL', 'PLAYWRIGHT_JSON_OUTPUT_FILE', 'PLAYWRIGHT_JSON_OUTPUT_NAME'])
    delete env[name];
  // A journey file that does not load fails the list: its report says why.
  const errorsOf = (stdout: string) => {
    try {
      return (JSON.parse(stdout) as JSONReport).errors.map((error) => error.message).join('\n');
    } catch {
      return stdout;
    }
  };
  const args = ['playwright', 'test', '-c', 'e2e/playwright.config.ts', '--list', '--reporter=json'];
  const report = JSON.parse(run(args, env, errorsOf)) as JSONReport;
  const journeys: Journey[] = [];
  const walk = (suite: JSONReportSuite, describes: string[]) => {
    for (const spec of suite.specs) {
      const items = new Set(
        spec.tests
          .flatMap((test) => test.annotations)
          .flatMap((a) => (a.type === 'spec' ? [a.description ?? ''] : [])),
      );
      const projects = spec.tests.map((test) => test.projectName);
      journeys.push({
        file: `tests/${spec.file}`,
        title: [...describes, spec.title].join(' › '),
        projects,
        items: [...items],
      });
    }
    for (const child of suite.suites ?? []) walk(child, [...describes, child.title]);
  };
  for (const file of report.suites) walk(file, []);
  return journeys;
}

/** The tests vitest finds in the component-test files not-journeyed.ts names (`vitest list`, which runs none). */
export function listComponentTests(): Set<string> {
  const dir = mkdtempSync(join(tmpdir(), 'spec-coverage-'));
  try {
    const files = [...new Set(COMPONENT_TESTS.map((row) => row.file))];
    run(['vitest', 'list', `--json=${join(dir, 'tests.json')}`, ...files]);
    const tests = JSON.parse(readFileSync(join(dir, 'tests.json'), 'utf8')) as Array<{
      name: string;
      file: string;
    }>;
    return new Set(tests.map((test) => `${test.file.slice(ROOT.length + 1)}: ${test.name}`));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

export const listCoverage = (): Coverage => ({
  journeys: listJourneys(),
  componentTests: listComponentTests(),
});

/** What keeps the guarantee from holding, one sentence each; none when every item of the spec is covered. */
export function coverageProblems(
  items: readonly SpecItem[],
  { journeys, componentTests }: Coverage,
): string[] {
  const problems: string[] = [];
  const keys = new Set(items.map((item) => item.key));
  const journeyed = new Set(journeys.flatMap((journey) => journey.items));
  const elsewhere = [
    ...COMPONENT_TESTS.map((row) => ({ item: row.item, where: `the component test ${row.file}` })),
    ...NOT_SHOWN.map((row) => ({ item: row.item, where: 'the list of texts not shown' })),
  ];
  for (const journey of journeys) {
    for (const item of journey.items.filter((item) => !keys.has(item))) {
      problems.push(
        `e2e/${journey.file} '${journey.title}' declares "${item}", which is no item of the spec (a typo?).`,
      );
    }
  }
  for (const { item, where } of elsewhere) {
    if (!keys.has(item))
      problems.push(`not-journeyed.ts names "${item}" (${where}), which is no item of the spec.`);
    if (journeyed.has(item))
      problems.push(`"${item}" is shown by a journey: take it out of not-journeyed.ts.`);
  }
  for (const row of COMPONENT_TESTS) {
    if (!componentTests.has(`${row.file}: ${row.test}`)) {
      problems.push(`"${row.item}": vitest finds no test '${row.test}' in ${row.file}.`);
    }
  }
  const covered = new Set([...journeyed, ...elsewhere.map((row) => row.item)]);
  for (const item of items.filter((item) => !covered.has(item.key))) {
    problems.push(
      `No journey shows the spec's ${item.source} "${item.key}" (${item.sections.join('; ')}): ` +
        `declare it on the journey that shows it, \`annotation: spec(${JSON.stringify(item.key)})\`.`,
    );
  }
  return problems;
}
