/**
 * Issue 8, coverage: nothing in the spec is left without a test that shows it. Reads the spec and the spec items
 * the journeys declare, from Playwright's list of them (no browser, no stack).
 */
import { existsSync, readFileSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import { coverageProblems, listCoverage, type Coverage } from './coverage.ts';
import { COMPONENT_TESTS, NOT_SHOWN } from './not-journeyed.ts';
import { COVERAGE_MD_PATH, renderCoverage } from './render-coverage.ts';
import { extractSpecItems, quotedTexts, readSpec, SPEC_PATH } from './spec-items.ts';

const items = extractSpecItems();

/** One readable list instead of a diff of arrays. */
const report = (problems: string[]) => problems.map((problem) => `\n  - ${problem}`).join('');

describe('reading the spec', () => {
  it('tells quotes from apostrophes', () => {
    expect(
      quotedTexts(`empty 'You haven't liked any artifacts yet.' with link 'Explore artifacts' to /x`),
    ).toEqual(["You haven't liked any artifacts yet.", 'Explore artifacts']);
    expect(quotedTexts(`with the user's photo; toast 'Successfully logged out!', goes to /`)).toEqual([
      'Successfully logged out!',
    ]);
  });

  it('finds every route of section 2, a title for each, the rules of section 5 and the quoted texts', () => {
    const bySource = (source: string) =>
      items.filter((item) => item.source === source).map((item) => item.key);
    expect(bySource('route')).toHaveLength(13);
    expect(bySource('route')).toContain('/artifact-details/{id}');
    expect(bySource('title')).toHaveLength(13);
    expect(bySource('rule')).toContain('validation rule: Contact');
    expect(bySource('quote')).toEqual(
      expect.arrayContaining(['Error logging out', "You haven't liked any artifacts yet.", '{n} likes']),
    );
  });

  it('uses the authoritative spec when this machine has it', () => {
    const shared = process.env.SPEC_PATH ?? '/work/shared/spec/SPEC.md';
    if (!existsSync(shared)) return;
    expect(readSpec(SPEC_PATH), `${SPEC_PATH} differs from ${shared}: copy it again`).toBe(
      readFileSync(shared, 'utf8'),
    );
  });
});

describe('the rules of coverage', () => {
  // Every item covered: the component-test and not-shown rows, and one journey for everything else.
  const componentTests = new Set(COMPONENT_TESTS.map((row) => `${row.file}: ${row.test}`));
  const elsewhere = new Set([...COMPONENT_TESTS, ...NOT_SHOWN].map((row) => row.item));
  const journey = { file: 'tests/x.spec.ts', title: 'x', projects: ['desktop'] };
  const all: Coverage = {
    journeys: [{ ...journey, items: items.map((item) => item.key).filter((key) => !elsewhere.has(key)) }],
    componentTests,
  };
  const without = (key: string): Coverage => ({
    ...all,
    journeys: [{ ...journey, items: all.journeys[0]!.items.filter((item) => item !== key) }],
  });

  it('hold when every item is covered', () => {
    expect(coverageProblems(items, all)).toEqual([]);
  });

  it('name an item nobody covers, a declared item the spec lacks, and a component test vitest cannot find', () => {
    expect(coverageProblems(items, without('Liked'))).toEqual([
      expect.stringMatching(/^No journey shows the spec's quote "Liked" \(4\. .*annotation: spec\("Liked"\)/),
    ]);
    const typo = { ...all, journeys: [...all.journeys, { ...journey, items: ['Likd'] }] };
    expect(coverageProblems(items, typo)).toEqual([
      `e2e/tests/x.spec.ts 'x' declares "Likd", which is no item of the spec (a typo?).`,
    ]);
    expect(coverageProblems(items, { ...all, componentTests: new Set() })).toHaveLength(
      COMPONENT_TESTS.length,
    );
  });
});

describe('the spec coverage of the journeys', () => {
  // Playwright's list of every journey, and vitest's of the component tests not-journeyed.ts names.
  let coverage: Coverage;
  beforeAll(() => {
    coverage = listCoverage();
  }, 60_000);

  it('covers every item of the spec, and declares no item the spec lacks', () => {
    const problems = coverageProblems(items, coverage);
    expect(problems, report(problems)).toEqual([]);
  });

  it('is rendered in e2e/COVERAGE.md (regenerate with `pnpm coverage:md`)', () => {
    const current = existsSync(COVERAGE_MD_PATH) ? readFileSync(COVERAGE_MD_PATH, 'utf8') : '';
    expect(
      current === renderCoverage(items, coverage.journeys),
      'e2e/COVERAGE.md is stale: run `pnpm coverage:md`',
    ).toBe(true);
  });
});
