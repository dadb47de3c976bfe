import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

describe('suite-errors-reporter', () => {
  let dir: string;
  let lines: string[];
  let json: { numPassedTests: number; numFailedTests: number };

  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'suite-errors-'));
    // A fixture for the nested run, not checks of this test: a set-up that throws (its test never runs), a test that
    // passes (the JSON report counts it), a file whose import fails.
    writeFileSync(
      join(dir, 'topology.test.ts'),
      [
        "import { beforeAll, describe, expect, it } from 'vitest';",
        "describe('the topology', () => {",
        "  beforeAll(() => { throw new Error('nginx did not start: port 8080 taken\\nlog line 1'); });",
        "  it('serves', () => expect(1).toBe(1));",
        '});',
        "it('passes alone', () => expect(1).toBe(1));",
      ].join('\n'),
    );
    writeFileSync(join(dir, 'broken.test.ts'), "import './missing-module.ts';\n");
    writeFileSync(
      join(dir, 'vitest.config.ts'),
      `export default { root: ${JSON.stringify(dir)}, test: { include: ['*.test.ts'] } };\n`,
    );
    const errors = join(dir, 'errors.json');
    const report = join(dir, 'report.json');
    try {
      execFileSync(
        'pnpm',
        [
          'exec',
          'vitest',
          'run',
          '-c',
          join(dir, 'vitest.config.ts'),
          '--reporter=json',
          `--outputFile.json=${report}`,
          `--reporter=${join(import.meta.dirname, 'suite-errors-reporter.ts')}`,
        ],
        { cwd: import.meta.dirname, env: { ...process.env, SUITE_ERRORS_FILE: errors }, stdio: 'pipe' },
      );
    } catch {
      // The run fails, as it should: its reports are what this test reads.
    }
    lines = JSON.parse(readFileSync(errors, 'utf8')) as string[];
    json = JSON.parse(readFileSync(report, 'utf8')) as typeof json;
    // A vitest of its own: seconds alone, more beside the rest of the unit tests on a busy two-core machine.
  }, 120_000);
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it("names what vitest's JSON report counts nowhere: a set-up that threw, with its message, and a file that did not load", () => {
    // The JSON report alone: one test passed, none failed, no message.
    expect([json.numPassedTests, json.numFailedTests]).toEqual([1, 0]);
    expect(lines).toHaveLength(2);
    expect(lines).toContainEqual(
      'topology.test.ts › the topology (its set-up or tear-down): nginx did not start: port 8080 taken\n    log line 1',
    );
    expect(lines.find((line) => line.startsWith('broken.test.ts: '))).toMatch(/missing-module/);
  });
});
