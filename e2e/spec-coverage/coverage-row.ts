/** The shape of the coverage table's rows (the table itself is spec-coverage.ts). */

export type RowKind = 'route' | 'title' | 'toast' | 'dialog' | 'empty' | 'loading' | 'validation' | 'text';

export const ROW_KINDS: readonly RowKind[] = ['route', 'title', 'toast', 'dialog', 'empty', 'loading', 'validation', 'text'];

interface ShownBase {
  kind: RowKind;
  /**
   * The spec item, exactly as the spec writes it: a quoted text, a route of section 2's table, `document title of
   * <route>`, or `validation rule: <label>` for a rule of section 5.
   */
  spec: string;
  /**
   * For items that are not texts (routes, titles, rules): what the product shows for it, as the test asserts it.
   * A quoted text has none: its test must show the spec's own words.
   */
  shown?: string | readonly string[];
  /** Words of the spec text that stand for values, like N and term in 'Found N results for "term"'. */
  placeholders?: readonly string[];
  /**
   * A declaration the test uses that holds the text (a page object's method, a table of cases): its name, and its
   * file when that is not the test file (the test file must import it).
   */
  via?: { name: string; file?: string };
  note?: string;
}

/** Shown by a Playwright journey against the real stack. */
export interface JourneyRow extends ShownBase {
  journey: string;
  test: string;
}

/** Shown only by a component test: allowed where no journey can show it on the real stack, with the reason. */
export interface ComponentTestRow extends ShownBase {
  componentTest: string;
  test: string;
  reason: string;
}

/** Quoted in the spec but not something the product shows (a storage key, an example value). */
export interface NotShownRow {
  spec: string;
  notShown: string;
}

export type ShownRow = JourneyRow | ComponentTestRow;
export type CoverageRow = ShownRow | NotShownRow;

export const isJourneyRow = (row: CoverageRow): row is JourneyRow => 'journey' in row;
export const isComponentTestRow = (row: CoverageRow): row is ComponentTestRow => 'componentTest' in row;
export const isNotShownRow = (row: CoverageRow): row is NotShownRow => 'notShown' in row;
