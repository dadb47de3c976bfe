/** The member's copy of their data as files (issue #55 item 5): the API's export as JSON, or CSV for a spreadsheet. */
import type { Artifact } from 'shared-ui';
import { memberDataFileName, type MyDataExport } from 'artifact-model/member-data';
import { ADDED_LIST, LIKED_LIST } from './profile-texts';

export type DataFormat = 'json' | 'csv';

/** The member's own calendar day, YYYY-MM-DD. */
export function localDay(date = new Date()): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

/** Each column after the list's name: its header and the field it shows (a liked artifact's summary has fewer). */
const CSV_COLUMNS = [
  ['Name', 'name'],
  ['Type', 'type'],
  ['Present location', 'presentLocation'],
  ['Created', 'createdAt'],
  ['Discovered', 'discoveredAt'],
  ['Discovered by', 'discoveredBy'],
  ['Added by', 'adderName'],
  ['Added on', 'addedAt'],
  ['Image', 'image'],
  ['Id', '_id'],
] as const;

const csvRow = (list: string, artifact: Partial<Artifact>) => [
  list,
  ...CSV_COLUMNS.map(([, field]) => artifact[field] ?? ''),
];

/**
 * One row per artifact the member added, then one per artifact they like, under one header. papaparse writes it
 * (quoting, line breaks in a text) and its `escapeFormulae` keeps a cell that starts with =, +, -, @, a tab or a
 * carriage return from running as a formula in a spreadsheet. A byte-order mark first, so Excel reads UTF-8.
 */
export async function memberDataCsv(data: MyDataExport): Promise<string> {
  // Loaded at the first CSV download only: nobody else pays for it.
  const papa = await import('papaparse');
  const unparse = papa.unparse ?? (papa as unknown as { default: typeof papa }).default.unparse;
  const fields = ['List', ...CSV_COLUMNS.map(([header]) => header)];
  const rows = [
    ...data.artifacts.map((a) => csvRow(ADDED_LIST, a)),
    ...data.likedArtifacts.map((a) => csvRow(LIKED_LIST, a)),
  ];
  return `\uFEFF${unparse({ fields, data: rows }, { escapeFormulae: true })}`;
}

/** Saves `text` as a file through the browser's own download. */
function saveFile(text: string, fileName: string, type: string): void {
  const url = URL.createObjectURL(new Blob([text], { type }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.click();
  // The download has started from the link's click; the object URL is not needed after it.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

/** Saves the member's data in each of `formats`, from one export. */
export async function saveMemberData(data: MyDataExport, formats: readonly DataFormat[]): Promise<void> {
  const day = localDay();
  for (const format of formats) {
    if (format === 'json')
      saveFile(JSON.stringify(data, null, 2), memberDataFileName(day, 'json'), 'application/json');
    else saveFile(await memberDataCsv(data), memberDataFileName(day, 'csv'), 'text/csv;charset=utf-8');
  }
}
