/** `pnpm coverage:md`: writes e2e/COVERAGE.md from the coverage table. */
import { writeFileSync } from 'node:fs';
import { COVERAGE_MD_PATH, renderCoverage } from './render-coverage.ts';
import { SPEC_COVERAGE } from './spec-coverage.ts';

writeFileSync(COVERAGE_MD_PATH, renderCoverage(SPEC_COVERAGE));
console.log(`Wrote ${COVERAGE_MD_PATH} (${SPEC_COVERAGE.length} rows)`);
