/**
 * A vitest reporter for the errors no test owns: a `beforeAll` or `afterAll` that threw (a topology that did not start),
 * a file that failed to load, an unhandled error. Vitest's JSON report counts none of them (its tests are 'skipped'
 * and its messages empty), so `pnpm test` would say only that the suite failed. This writes them, each with the start
 * of its message, as a JSON array of lines to the file named by SUITE_ERRORS_FILE, which the pipeline prints in its
 * summary (pipeline.ts).
 */
import { writeFileSync } from 'node:fs';
import type { Reporter, SerializedError, TestModule } from 'vitest/node';

/** A setup's error may end with the log of the service that did not start (stack/stack.ts): its first lines say why. */
const MESSAGE_LINES = 12;

/** `where: ` and the first lines of the error's message. */
const errorLine = (where: string, error: SerializedError) =>
  `${where}: ${(error.message ?? error.name ?? 'an error without a message')
    .split('\n')
    .slice(0, MESSAGE_LINES)
    .map((line) => line.slice(0, 300))
    .join('\n    ')}`;

export default class SuiteErrorsReporter implements Reporter {
  onTestRunEnd(
    testModules: ReadonlyArray<TestModule>,
    unhandledErrors: ReadonlyArray<SerializedError>,
  ): void {
    const file = process.env.SUITE_ERRORS_FILE;
    if (!file) return;
    const lines: string[] = [];
    for (const testModule of testModules) {
      for (const error of testModule.errors()) lines.push(errorLine(testModule.relativeModuleId, error));
      for (const suite of testModule.children.allSuites())
        for (const error of suite.errors())
          lines.push(
            errorLine(`${testModule.relativeModuleId} › ${suite.fullName} (its set-up or tear-down)`, error),
          );
    }
    for (const error of unhandledErrors) lines.push(errorLine('an unhandled error', error));
    writeFileSync(file, JSON.stringify(lines));
  }
}
