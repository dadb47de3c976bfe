/**
 * A CI log, often only its end, may be all a reader of a failure has. For each failed journey attempt in Playwright's
 * results folder, this reports what the page showed (the ARIA snapshot in Playwright's error context, from its main
 * landmark on) and the end of its page diary (fixtures/page-diary.ts); `pnpm test` prints it just before its summary.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { PAGE_DIARY_FILE } from '../fixtures/page-diary.ts';

const SNAPSHOT_LINES = 25;
const DIARY_LINES = 35;

/** At most `count` lines of `text`, the first or the last ones, saying how many were left out. */
function someLines(text: string, count: number, end: 'first' | 'last'): string {
  const lines = text.split('\n');
  if (lines.length <= count) return text;
  const cut = `... (${lines.length - count} lines left out)`;
  return (end === 'first' ? [...lines.slice(0, count), cut] : [cut, ...lines.slice(-count)]).join('\n');
}

/** The page's main landmark and what follows it, where the page has one: the navigation bar is the same everywhere. */
function fromMain(snapshot: string): string {
  const main = snapshot.search(/^- main\b/m);
  return main > 0 ? snapshot.slice(main) : snapshot;
}

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
      report.push('What the page showed:', someLines(fromMain(snapshot.trimEnd()), SNAPSHOT_LINES, 'first'));
    if (existsSync(diary))
      report.push('Page diary:', someLines(readFileSync(diary, 'utf8'), DIARY_LINES, 'last'));
    reports.push(report.join('\n'));
  }
  return reports.join('\n\n');
}
