/**
 * A CI log, often only its end, may be all a reader of a failure has. For each failed journey attempt in Playwright's
 * results folder, this reports what the page showed (the ARIA snapshot in Playwright's error context, from its dialog or
 * main landmark on) and the end of its page diary (fixtures/page-diary.ts); `pnpm test` prints it just before its
 * summary, and names the failed journeys in the summary itself (failedJourneyNames), the log's last lines; the failed
 * tests of a vitest suite are named there too, with their error's first line (failedTestNames).
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import type { JSONReport, JSONReportSuite } from '@playwright/test/reporter';
import { PAGE_DIARY_FILE } from '../fixtures/page-diary.ts';
import { fromDialogOrMain, someLines } from '../fixtures/snapshot-text.ts';

const SNAPSHOT_LINES = 25;
// A diary ends with what the journey's other tabs showed, when it opened some (fixtures/page-diary.ts).
const DIARY_LINES = 60;

export function failedJourneysReport(resultsDir: string): string {
  if (!existsSync(resultsDir)) return '';
  const reports: string[] = [];
  for (const attempt of readdirSync(resultsDir, { withFileTypes: true })) {
    if (!attempt.isDirectory()) continue;
    const context = join(resultsDir, attempt.name, 'error-context.md');
    const diary = join(resultsDir, attempt.name, PAGE_DIARY_FILE);
    if (!existsSync(context) && !existsSync(diary)) continue;
    const report = [`--- ${attempt.name}`];
    const snapshot = existsSync(context)
      ? /```yaml\n([\s\S]*?)```/.exec(readFileSync(context, 'utf8'))?.[1]
      : undefined;
    if (snapshot)
      report.push(
        'What the page showed:',
        someLines(fromDialogOrMain(snapshot.trimEnd()), SNAPSHOT_LINES, 'first'),
      );
    if (existsSync(diary))
      report.push('Page diary:', someLines(readFileSync(diary, 'utf8'), DIARY_LINES, 'last'));
    reports.push(report.join('\n'));
  }
  return reports.join('\n\n');
}

/**
 * The journeys of a Playwright JSON report that failed the run, one line each: '[project] file:line › describe › title',
 * a flaky one (failed, then passed on its retry, which fails the run too: failOnFlakyTests) marked so.
 */
export function failedJourneyNames(report: Pick<JSONReport, 'suites'>): string[] {
  const names: string[] = [];
  const walk = (suite: JSONReportSuite, titles: readonly string[]) => {
    for (const spec of suite.specs)
      for (const test of spec.tests)
        if (test.status === 'unexpected' || test.status === 'flaky')
          names.push(
            `[${test.projectName}] ${[`${spec.file}:${spec.line}`, ...titles, spec.title].join(' › ')}` +
              (test.status === 'flaky' ? ' (flaky: passed only on its retry)' : ''),
          );
    for (const child of suite.suites ?? []) walk(child, [...titles, child.title]);
  };
  // A file's suite is titled with the file's path, already in each name.
  for (const file of report.suites) walk(file, []);
  return names;
}

/** The parts of vitest's JSON report (Jest's format) the summary reads. */
export interface VitestReport {
  numPassedTests: number;
  numFailedTests: number;
  testResults: {
    name: string;
    assertionResults: { fullName: string; status: string; failureMessages?: string[] }[];
  }[];
}

/** Each failed test with its file and the first line of its error, for the summary. */
export function failedTestNames(report: Pick<VitestReport, 'testResults'>, root = process.cwd()): string[] {
  return report.testResults.flatMap((file) =>
    file.assertionResults
      .filter((test) => test.status === 'failed')
      .map((test) => {
        const reason = test.failureMessages?.[0]?.split('\n')[0]?.slice(0, 300);
        return `${relative(root, file.name)} › ${test.fullName}${reason ? `: ${reason}` : ''}`;
      }),
  );
}
