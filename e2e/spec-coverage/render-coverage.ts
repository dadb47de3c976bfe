/** Renders the coverage table as e2e/COVERAGE.md (written by write-coverage-md.ts, checked by the vitest suite). */
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ROW_KINDS, isComponentTestRow, isJourneyRow, isNotShownRow, type CoverageRow, type RowKind } from './coverage-row.ts';

export const COVERAGE_MD_PATH = join(dirname(fileURLToPath(import.meta.url)), '..', 'COVERAGE.md');

const HEADINGS: Record<RowKind, string> = {
  route: 'Routes',
  title: 'Document titles',
  toast: 'Toasts',
  dialog: 'Dialogs',
  empty: 'Empty states',
  loading: 'Loading texts',
  validation: 'Validation',
  text: 'Other texts',
};

const cell = (text: string) => text.replaceAll('|', '\\|').replaceAll('\n', ' ');
const code = (text: string) => (text.includes('`') ? cell(text) : `\`${cell(text)}\``);

function shownCell(row: CoverageRow): string {
  if (isNotShownRow(row) || row.shown === undefined) return '';
  return [row.shown].flat().map(code).join('<br>');
}

function whereCell(row: CoverageRow): string {
  if (isJourneyRow(row)) return `[${row.journey.replace(/^e2e\//, '')}](${row.journey.replace(/^e2e\//, '')})`;
  if (isComponentTestRow(row)) return `component test [${row.componentTest}](../${row.componentTest})`;
  return '';
}

function noteCell(row: CoverageRow): string {
  if (isNotShownRow(row)) return '';
  const notes = [row.via ? `via \`${row.via.name}\`${row.via.file ? ` (${row.via.file})` : ''}` : '', row.note ?? ''];
  if (isComponentTestRow(row)) notes.push(`No journey: ${row.reason}`);
  return cell(notes.filter(Boolean).join('. '));
}

export function renderCoverage(rows: readonly CoverageRow[]): string {
  const shown = rows.filter((row) => !isNotShownRow(row));
  const journeys = rows.filter(isJourneyRow);
  const components = rows.filter(isComponentTestRow);
  const excluded = rows.filter(isNotShownRow);
  const lines = [
    '# Spec coverage',
    '',
    '<!-- Generated from e2e/spec-coverage/spec-coverage.ts by `pnpm coverage:md`; do not edit by hand. -->',
    '',
    'Every route, document title, toast, dialog, empty and loading text, validation rule and other quoted text of',
    'the spec (`e2e/spec-coverage/SPEC.md`), each with the test that shows it.',
    '`e2e/spec-coverage/spec-coverage.test.ts` fails when the spec has an item without a row, when a row names a',
    'test file or a test that does not exist, or when that test does not show the text.',
    '',
    `${rows.length} spec items: ${journeys.length} mapped to a journey, ${components.length} to a component test only,`,
    `${excluded.length} quoted in the spec but not shown by the product.`,
    '',
  ];
  for (const kind of ROW_KINDS) {
    const ofKind = shown.filter((row) => !isNotShownRow(row) && row.kind === kind);
    if (!ofKind.length) continue;
    lines.push(`## ${HEADINGS[kind]} (${ofKind.length})`, '', '| Spec | Shown as | Test file | Test | Notes |', '| --- | --- | --- | --- | --- |');
    for (const row of ofKind) {
      if (isNotShownRow(row)) continue;
      lines.push(`| ${code(row.spec)} | ${shownCell(row)} | ${whereCell(row)} | ${cell(row.test)} | ${noteCell(row)} |`);
    }
    lines.push('');
  }
  lines.push(`## Quoted in the spec, not shown by the product (${excluded.length})`, '', '| Spec | Why |', '| --- | --- |');
  for (const row of excluded) if (isNotShownRow(row)) lines.push(`| ${code(row.spec)} | ${cell(row.notShown)} |`);
  lines.push('');
  return lines.join('\n');
}
