/**
 * A CI log, often only its end, may be all a reader of a failure has. For each failed journey attempt in Playwright's
 * results folder, this reports what the page showed (the ARIA snapshot in Playwright's error context, from its dialog or
 * main landmark on) and the end of its page diary (fixtures/page-diary.ts); `pnpm test` prints it just before its summary.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
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
