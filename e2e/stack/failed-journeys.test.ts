import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { JSONReportSpec, JSONReportSuite, JSONReportTest } from '@playwright/test/reporter';
import { afterEach, describe, expect, it } from 'vitest';
import { PAGE_DIARY_FILE } from '../fixtures/page-diary.ts';
import { failedJourneyNames, failedJourneysReport, failedTestNames } from './failed-journeys.ts';

const errorContext = (snapshot: string) =>
  [
    '# Error details',
    '',
    '```',
    'Error: expect(locator).toBeVisible() failed',
    '```',
    '',
    '```yaml',
    snapshot,
    '```',
    '',
    '# Test source',
    '',
    '```ts',
    'await page.goto();',
    '```',
  ].join('\n');

describe('failedJourneysReport', () => {
  let dir: string;
  const attempt = (name: string, files: Record<string, string>) => {
    mkdirSync(join(dir, name));
    for (const [file, text] of Object.entries(files)) writeFileSync(join(dir, name, file), text);
  };
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('shows each failed attempt: what its page showed and the end of its diary', () => {
    dir = mkdtempSync(join(tmpdir(), 'failed-journeys-'));
    attempt('profile-phone', {
      'error-context.md': errorContext('- heading "Checking your sign-in..." [level=1]'),
      [PAGE_DIARY_FILE]: Array.from({ length: 75 }, (_, i) => `entry ${i + 1}`).join('\n'),
    });
    attempt('profile-phone-retry1', { 'trace.zip': '' });
    writeFileSync(join(dir, 'results.json'), '{}');

    const report = failedJourneysReport(dir);

    expect(report).toContain(
      '--- profile-phone\nWhat the page showed:\n- heading "Checking your sign-in..." [level=1]',
    );
    expect(report).not.toContain('await page.goto');
    // The diary's end: its last 60 lines, after a note of what was left out.
    expect(report).toContain('Page diary:\n... (15 lines left out)\nentry 16\n');
    expect(report).toMatch(/entry 75$/);
    expect(report).not.toContain('entry 15\n');
    // A passing retry leaves no error context and no diary: nothing to report.
    expect(report).not.toContain('retry1');
  });

  it('starts the page snapshot at the main landmark, the navigation bar being the same on every page', () => {
    dir = mkdtempSync(join(tmpdir(), 'failed-journeys-'));
    attempt('about-desktop', {
      'error-context.md': errorContext('- banner:\n  - link "Home"\n- main:\n  - heading "About" [level=1]'),
    });
    expect(failedJourneysReport(dir)).toContain(
      'What the page showed:\n- main:\n  - heading "About" [level=1]',
    );
    expect(failedJourneysReport(dir)).not.toContain('banner');
  });

  it('starts at an open dialog, which is what the member faces, rather than the page behind it', () => {
    dir = mkdtempSync(join(tmpdir(), 'failed-journeys-'));
    attempt('my-artifacts-desktop', {
      'error-context.md': errorContext(
        '- banner:\n  - link "Home"\n- main:\n  - heading "My Artifacts" [level=1]\n- dialog "Are you sure?":\n  - button "Cancel"',
      ),
    });
    expect(failedJourneysReport(dir)).toContain(
      'What the page showed:\n- dialog "Are you sure?":\n  - button "Cancel"',
    );
    expect(failedJourneysReport(dir)).not.toContain('My Artifacts');
  });

  it('cuts a long page snapshot after its first lines', () => {
    dir = mkdtempSync(join(tmpdir(), 'failed-journeys-'));
    attempt('home-desktop', {
      'error-context.md': errorContext(Array.from({ length: 40 }, (_, i) => `- line ${i + 1}`).join('\n')),
    });
    const report = failedJourneysReport(dir);
    expect(report).toContain('- line 25\n... (15 lines left out)');
    expect(report).not.toContain('- line 26');
  });

  it('is empty when no journey failed', () => {
    dir = mkdtempSync(join(tmpdir(), 'failed-journeys-'));
    expect(failedJourneysReport(dir)).toBe('');
    expect(failedJourneysReport(join(dir, 'missing'))).toBe('');
  });
});

describe('failedJourneyNames', () => {
  const test = (projectName: string, status: JSONReportTest['status']) =>
    ({ projectName, status }) as JSONReportTest;
  const spec = (title: string, line: number, tests: JSONReportTest[]) =>
    ({ title, file: 'shell/member-session.spec.ts', line, tests }) as JSONReportSpec;

  it('names each journey that failed the run, flaky ones marked, with its project, place and describe titles', () => {
    const file = {
      title: 'shell/member-session.spec.ts',
      specs: [spec('at the top', 12, [test('desktop', 'expected'), test('phone', 'unexpected')])],
      suites: [
        {
          title: 'another account signed in',
          specs: [spec('in another tab', 298, [test('desktop', 'flaky'), test('phone', 'skipped')])],
        },
      ],
    } as JSONReportSuite;

    expect(failedJourneyNames({ suites: [file] })).toEqual([
      '[phone] shell/member-session.spec.ts:12 › at the top',
      '[desktop] shell/member-session.spec.ts:298 › another account signed in › in another tab (flaky: passed only on its retry)',
    ]);
  });

  it('names none when every journey passed or was skipped', () => {
    const file = {
      title: 'a.spec.ts',
      specs: [spec('fine', 1, [test('desktop', 'expected'), test('phone', 'skipped')])],
    } as JSONReportSuite;
    expect(failedJourneyNames({ suites: [file] })).toEqual([]);
  });
});

describe('failedTestNames', () => {
  const result = (fullName: string, status: string, failureMessages: string[] = []) => ({
    fullName,
    status,
    failureMessages,
  });

  it("names each failed vitest test with its file and its error's first line", () => {
    const names = failedTestNames(
      {
        testResults: [
          {
            name: '/repo/stack/production/production-faults.test.ts',
            assertionResults: [
              result('faults Redis killed', 'passed'),
              result('faults kill -9', 'failed', [
                'AssertionError: expected [ …(1) ] to deeply equal []\n    at x.ts:1',
              ]),
            ],
          },
          { name: '/repo/api/test/a.test.ts', assertionResults: [result('a times out', 'failed')] },
        ],
      },
      '/repo',
    );
    expect(names).toEqual([
      'stack/production/production-faults.test.ts › faults kill -9: AssertionError: expected [ …(1) ] to deeply equal []',
      'api/test/a.test.ts › a times out',
    ]);
  });

  it('names none when every test passed or was skipped', () => {
    expect(
      failedTestNames({
        testResults: [
          { name: '/repo/a.test.ts', assertionResults: [result('a', 'passed'), result('b', 'skipped')] },
        ],
      }),
    ).toEqual([]);
  });
});
