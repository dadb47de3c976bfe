/**
 * The rules that keep the coverage table honest. Each function returns the problems it found, as sentences that
 * say exactly what is missing and where; an empty list means the rule holds.
 */
import { PRODUCT_NAME, type SpecItem } from './spec-items.ts';
import { isComponentTestRow, isJourneyRow, isNotShownRow, type CoverageRow, type ShownRow } from './coverage-row.ts';
import { importsFile, readTestSource, type TestSource } from './test-source.ts';

/** A placeholder in a spec text stands for a value: in test source that is an interpolation or one token. */
const WILDCARD = '(?:\\$\\{[^}]*\\}|[^\\s"\'`]+)';
const WORD_CHAR = /[\p{L}\p{N}]/u;

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/**
 * How a text is looked for in test source: literally, as a whole phrase (not inside a longer word: 'Like' is not
 * found in 'Liked'), with "the product" read as the product's name, each `{placeholder}` (and each word listed in
 * `placeholders`) matching an interpolation or a single token, and quotes matching their escaped forms too.
 */
export function textPattern(text: string, placeholders: readonly string[] = []): RegExp {
  const named = text.replaceAll('the product', PRODUCT_NAME);
  const tokens = named.split(/(\{[^}]+\})/).flatMap((part) => {
    if (/^\{[^}]+\}$/.test(part)) return [WILDCARD];
    if (!placeholders.length) return [escapeLiteral(part)];
    const words = new RegExp(`\\b(${placeholders.map(escapeRegExp).join('|')})\\b`);
    return part.split(words).map((piece, i) => (i % 2 === 1 ? WILDCARD : escapeLiteral(piece)));
  });
  const before = WORD_CHAR.test(named[0] ?? '') ? '(?<![\\p{L}\\p{N}])' : '';
  const after = WORD_CHAR.test(named.at(-1) ?? '') ? '(?![\\p{L}\\p{N}])' : '';
  return new RegExp(`${before}${tokens.join('')}${after}`, 'u');
}

function escapeLiteral(text: string): string {
  return escapeRegExp(text).replaceAll("'", "(?:'|\\\\')").replaceAll('"', '(?:"|\\\\")');
}

/** A route as test source writes a path: a whole string (or template) that is exactly that path, `{id}` any value. */
export function routePattern(route: string): RegExp {
  const body = route
    .split(/(\{[^}]+\})/)
    .map((part) => (/^\{[^}]+\}$/.test(part) ? '(?:\\$\\{[^}]*\\}|[^\\s"\'`/?#]+)' : escapeRegExp(part)))
    .join('');
  return new RegExp(`(?<=['"\`])${body}(?=['"\`?#])`, 'u');
}

export function routeMatches(route: string, path: string): boolean {
  const body = route
    .split(/(\{[^}]+\})/)
    .map((part) => (/^\{[^}]+\}$/.test(part) ? '[^/?#]+' : escapeRegExp(part)))
    .join('');
  return new RegExp(`^${body}$`).test(path);
}

/** What a row says the test shows, as the patterns to find in its source. */
export function needlesOf(row: ShownRow, item: SpecItem | undefined): Array<{ label: string; pattern: RegExp }> {
  if (row.shown !== undefined) {
    const shown = Array.isArray(row.shown) ? row.shown : [row.shown];
    return shown.map((text) =>
      item?.source === 'route' ? { label: text, pattern: routePattern(text) } : { label: text, pattern: textPattern(text, row.placeholders) },
    );
  }
  if (item?.source === 'route') return [{ label: row.spec, pattern: routePattern(row.spec) }];
  return [{ label: row.spec, pattern: textPattern(row.spec, row.placeholders) }];
}

export interface CheckContext {
  root: string;
  items: SpecItem[];
  rows: readonly CoverageRow[];
}

/** Every item of the spec has exactly one row, and every row names an item of the spec. */
export function checkCompleteness({ items, rows }: CheckContext): string[] {
  const problems: string[] = [];
  const keys = new Set(items.map((item) => item.key));
  const seen = new Map<string, number>();
  for (const row of rows) seen.set(row.spec, (seen.get(row.spec) ?? 0) + 1);
  for (const item of items) {
    if (!seen.has(item.key)) {
      problems.push(`No row for the spec's ${item.source} "${item.key}" (${item.sections.join('; ')}).`);
    }
  }
  for (const [spec, count] of seen) {
    if (!keys.has(spec)) problems.push(`The row for "${spec}" names nothing in the spec (a typo, or the spec changed).`);
    if (count > 1) problems.push(`"${spec}" has ${count} rows; keep one.`);
  }
  return problems;
}

/** The shape rules: which rows may carry `shown`, what an exclusion or a component test must say. */
export function checkRowShapes({ items, rows }: CheckContext): string[] {
  const problems: string[] = [];
  const byKey = new Map(items.map((item) => [item.key, item]));
  const routes = items.filter((item) => item.source === 'route').map((item) => item.key);
  for (const row of rows) {
    const item = byKey.get(row.spec);
    if (!item) continue;
    if (isNotShownRow(row)) {
      if (row.notShown.trim().length < 10) problems.push(`The exclusion of "${row.spec}" needs a real reason.`);
      continue;
    }
    if (item.source === 'quote' && row.shown !== undefined) {
      problems.push(`"${row.spec}" is a text of the spec: its row must look for the spec's own words, not \`shown\`.`);
    }
    if (item.source !== 'quote' && row.shown === undefined && !(item.source === 'route' && row.spec.startsWith('/'))) {
      problems.push(`The row for "${row.spec}" must say in \`shown\` what the product shows for it.`);
    }
    if (item.source === 'route' && !row.spec.startsWith('/')) {
      const shown = [row.shown ?? []].flat();
      for (const path of shown) {
        const taken = routes.filter((route) => route.startsWith('/') && routeMatches(route, path));
        if (taken.length) problems.push(`"${path}" stands for "${row.spec}" but is the route ${taken.join(', ')}.`);
      }
    }
    if (isJourneyRow(row) && !/^e2e\/tests\/.+\.spec\.ts$/.test(row.journey)) {
      problems.push(`The journey of "${row.spec}" must be a Playwright file under e2e/tests/: ${row.journey}`);
    }
    if (isComponentTestRow(row)) {
      if (!/\.test\.tsx?$/.test(row.componentTest) || row.componentTest.startsWith('e2e/')) {
        problems.push(`The component test of "${row.spec}" must be a package's vitest file: ${row.componentTest}`);
      }
      if (row.reason.trim().length < 20) problems.push(`"${row.spec}" is left to a component test: say why no journey can show it.`);
    }
  }
  return problems;
}

/**
 * Each row's test exists and shows the text: the test's own source holds it, or the row names (in `via`) a
 * declaration the test uses whose source holds it, in the test file or in a file the test file imports.
 */
export interface Evidence {
  /** Rows whose test is missing or does not show the text. */
  problems: string[];
  /**
   * Test files the table names that do not exist. A missing one is work another branch is bringing (the
   * failure-mode journeys): each entry lists the tests it must have and the texts each must show.
   */
  missing: string[];
}

export function checkEvidence(context: CheckContext): Evidence {
  return evidence(context);
}

function evidence({ root, items, rows }: CheckContext): { problems: string[]; missing: string[] } {
  const problems: string[] = [];
  const byKey = new Map(items.map((item) => [item.key, item]));
  const sources = new Map<string, TestSource | null>();
  const read = (path: string) => {
    if (!sources.has(path)) sources.set(path, readTestSource(root, path));
    return sources.get(path)!;
  };
  const missingFiles = new Map<string, string[]>();

  for (const row of rows) {
    if (isNotShownRow(row)) continue;
    const file = isJourneyRow(row) ? row.journey : row.componentTest;
    const source = read(file);
    const needles = needlesOf(row, byKey.get(row.spec));
    if (!source) {
      const wanted = missingFiles.get(file) ?? [];
      wanted.push(`test '${row.test}' showing ${needles.map((n) => `'${n.label}'`).join(', ')}`);
      missingFiles.set(file, wanted);
      continue;
    }
    const test = source.tests.find((declared) => declared.matches(row.test));
    if (!test) {
      problems.push(`${file} has no test titled '${row.test}' (for "${row.spec}").`);
      continue;
    }
    let viaSource = '';
    if (row.via) {
      const viaFile = row.via.file ?? file;
      const helper = read(viaFile);
      if (!helper) {
        problems.push(`"${row.spec}": the helper file ${viaFile} does not exist.`);
        continue;
      }
      if (viaFile !== file && !importsFile(source, viaFile)) {
        problems.push(`"${row.spec}": ${file} does not import ${viaFile}, where the row says ${row.via.name} lives.`);
        continue;
      }
      const declared = helper.declarations.get(row.via.name);
      if (!declared) {
        problems.push(`"${row.spec}": ${viaFile} declares nothing named ${row.via.name}.`);
        continue;
      }
      if (!new RegExp(`\\b${escapeRegExp(row.via.name)}\\b`).test(test.scope)) {
        problems.push(`"${row.spec}": the test '${row.test}' in ${file} never uses ${row.via.name}.`);
        continue;
      }
      viaSource = declared.join('\n');
    }
    for (const needle of needles) {
      if (!needle.pattern.test(test.scope) && !needle.pattern.test(viaSource)) {
        problems.push(
          `"${row.spec}": the test '${row.test}' in ${file} does not show '${needle.label}'` +
            (row.via ? ` (neither in its own source nor in ${row.via.name})` : '') +
            ` (looked for ${needle.pattern}).`,
        );
      }
    }
  }
  const missing = [...missingFiles].map(
    ([file, wanted]) => `Missing file ${file}; the table needs it to have:\n    - ${wanted.join('\n    - ')}`,
  );
  return { problems, missing };
}
