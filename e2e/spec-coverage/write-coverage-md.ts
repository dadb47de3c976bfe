/** `pnpm coverage:md`: writes e2e/COVERAGE.md from the journeys' spec annotations, and fails on an uncovered item. */
import { writeFileSync } from 'node:fs';
import { coverageProblems, listCoverage } from './coverage.ts';
import { COVERAGE_MD_PATH, renderCoverage } from './render-coverage.ts';
import { extractSpecItems } from './spec-items.ts';

const items = extractSpecItems();
const coverage = listCoverage();
writeFileSync(COVERAGE_MD_PATH, renderCoverage(items, coverage.journeys));
console.log(`Wrote ${COVERAGE_MD_PATH} (${items.length} spec items)`);
const problems = coverageProblems(items, coverage);
if (problems.length) {
  console.error(`Spec coverage:\n  - ${problems.join('\n  - ')}`);
  process.exitCode = 1;
}
