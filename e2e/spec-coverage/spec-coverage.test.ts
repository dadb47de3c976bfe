/**
 * Issue 8, coverage: nothing in the spec is left without a test that shows it. Reads the spec, the coverage table
 * and the test files themselves (no browser, no stack).
 */
import { existsSync, readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { checkCompleteness, checkEvidence, checkRowShapes, routePattern, textPattern } from './check-coverage.ts';
import { COVERAGE_MD_PATH, renderCoverage } from './render-coverage.ts';
import { SPEC_COVERAGE } from './spec-coverage.ts';
import { extractSpecItems, quotedTexts, readSpec, SPEC_PATH } from './spec-items.ts';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const context = { root: ROOT, items: extractSpecItems(), rows: SPEC_COVERAGE };

/** One readable list instead of a diff of arrays. */
const report = (problems: string[]) => problems.map((problem) => `\n  - ${problem}`).join('');

describe('reading the spec', () => {
  it('tells quotes from apostrophes', () => {
    expect(quotedTexts(`empty 'You haven't liked any artifacts yet.' with link 'Explore artifacts' to /x`)).toEqual([
      "You haven't liked any artifacts yet.",
      'Explore artifacts',
    ]);
    expect(quotedTexts(`with the user's photo; toast 'Successfully logged out!', goes to /`)).toEqual([
      'Successfully logged out!',
    ]);
  });

  it('finds every route of section 2, a title for each, the rules of section 5 and the quoted texts', () => {
    const bySource = (source: string) => context.items.filter((item) => item.source === source).map((item) => item.key);
    expect(bySource('route')).toHaveLength(13);
    expect(bySource('route')).toContain('/artifact-details/{id}');
    expect(bySource('title')).toHaveLength(13);
    expect(bySource('rule')).toContain('validation rule: Contact');
    expect(bySource('quote')).toEqual(expect.arrayContaining(['Error logging out', "You haven't liked any artifacts yet.", '{n} likes']));
  });

  it('uses the authoritative spec when this machine has it', () => {
    const shared = process.env.SPEC_PATH ?? '/work/shared/spec/SPEC.md';
    if (!existsSync(shared)) return;
    expect(readSpec(SPEC_PATH), `${SPEC_PATH} differs from ${shared}: copy it again and update the table`).toBe(
      readFileSync(shared, 'utf8'),
    );
  });
});

describe('matching test source', () => {
  it('finds a text as a whole phrase, placeholders as values, the product by its name', () => {
    expect(textPattern('Like').test(`toHaveText('Like')`)).toBe(true);
    expect(textPattern('Like').test(`toHaveText('Liked')`)).toBe(false);
    expect(textPattern('{n} likes').test('`${count} likes`')).toBe(true);
    expect(textPattern('Found N results for "term"', ['N', 'term']).test('`Found 3 results for "${word}"`')).toBe(true);
    expect(textPattern('About the product').test(`'About Heritage Vault'`)).toBe(true);
    expect(textPattern("You haven't liked").test(`'You haven\\'t liked'`)).toBe(true);
  });

  it('finds a route as a whole path', () => {
    expect(routePattern('/').test(`goto('/')`)).toBe(true);
    expect(routePattern('/').test(`goto('/about')`)).toBe(false);
    expect(routePattern('/artifact-details/{id}').test('goto(`/artifact-details/${artifact._id}`)')).toBe(true);
  });
});

describe('the coverage table (e2e/spec-coverage/spec-coverage.ts)', () => {
  it('has one row for every item of the spec, and none for anything else', () => {
    expect(checkCompleteness(context), report(checkCompleteness(context))).toEqual([]);
  });

  it('keeps to the row rules: spec texts looked for as written, reasons for anything not journeyed', () => {
    expect(checkRowShapes(context), report(checkRowShapes(context))).toEqual([]);
  });

  // Parses every test file the table names, once.
  const evidence = checkEvidence(context);

  it('names, for every row, a test that exists and shows the text', () => {
    expect(evidence.problems, report(evidence.problems)).toEqual([]);
  });

  it('names only test files that exist (a missing one lists the tests and texts it must bring)', () => {
    expect(evidence.missing, report(evidence.missing)).toEqual([]);
  });

  it('is rendered in e2e/COVERAGE.md (regenerate with `pnpm coverage:md`)', () => {
    const current = existsSync(COVERAGE_MD_PATH) ? readFileSync(COVERAGE_MD_PATH, 'utf8') : '';
    expect(current === renderCoverage(SPEC_COVERAGE), 'e2e/COVERAGE.md is stale: run `pnpm coverage:md`').toBe(true);
  });
});
