/**
 * `pnpm test`: every check the project has, in order — lint, type check, unit and integration tests (vitest),
 * then the Playwright journeys against the production build — and one closing line 'N passed, N failed'
 * that adds up all suites. Exits non-zero on any failure.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { failedJourneysReport } from './failed-journeys.ts';
import { ROOT } from './stack.ts';

interface Tally {
  suite: string;
  passed: number;
  failed: number;
}

const tallies: Tally[] = [];

function run(command: string, env: NodeJS.ProcessEnv = {}): boolean {
  console.log(`\n$ ${command}`);
  const result = spawnSync(command, { cwd: ROOT, stdio: 'inherit', shell: true, env: { ...process.env, ...env } });
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

check('system packages', 'bash e2e/stack/system-deps.sh');
check('lint', 'pnpm lint');
check('type check', 'pnpm typecheck');

const vitestReport = join(ROOT, '.vitest-results.json');
rmSync(vitestReport, { force: true });
const unitOk = run(`pnpm exec vitest run --reporter=default --reporter=json --outputFile.json=${vitestReport}`);
const unit = readJson<{ numPassedTests: number; numFailedTests: number }>(vitestReport);
const unitFailed = unit?.numFailedTests ?? 0;
tallies.push({
  suite: 'unit and integration (vitest)',
  passed: unit?.numPassedTests ?? 0,
  // A suite that fails to load fails the run with no failed test: count it, so the total cannot hide it.
  failed: unitFailed || (unitOk ? 0 : 1),
});

const built = check('production build', 'pnpm build');
const playwrightReport = join(ROOT, 'e2e', 'test-results', 'results.json');
rmSync(playwrightReport, { force: true });
if (built) {
  const e2eOk = run('pnpm exec playwright test -c e2e/playwright.config.ts', { E2E_NO_BUILD: '1' });
  const e2e = readJson<{ stats: { expected: number; unexpected: number; flaky: number } }>(playwrightReport);
  const failed = (e2e?.stats.unexpected ?? 0) + (e2e?.stats.flaky ?? 0);
  if (failed || !e2eOk) console.log(`\n${failedJourneysReport(join(ROOT, 'e2e', 'test-results'))}`);
  tallies.push({
    suite: 'journeys (Playwright)',
    passed: e2e?.stats.expected ?? 0,
    failed: failed || (e2eOk ? 0 : 1),
  });
}

console.log('\nSummary');
for (const t of tallies) console.log(`  ${t.suite.padEnd(34)} ${t.passed} passed, ${t.failed} failed`);
const passed = tallies.reduce((n, t) => n + t.passed, 0);
const failed = tallies.reduce((n, t) => n + t.failed, 0);
console.log(`${passed} passed, ${failed} failed`);
process.exit(failed > 0 ? 1 : 0);
