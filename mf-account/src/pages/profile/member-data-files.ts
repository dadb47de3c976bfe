/**
 * The member's copy of their data as files (issue #55 item 5): the API's export (GET /api/me/export) saved as JSON, or
 * as CSV for a spreadsheet, named with the member's day (heritage-vault-data-YYYY-MM-DD.json / .csv).
 */
import { memberDataFileName, type MyDataExport } from 'artifact-model/member-data';
import { ADDED_LIST, LIKED_LIST } from './profile-texts';

export type DataFormat = 'json' | 'csv';

/** The member's own calendar day, YYYY-MM-DD. */
export function localDay(date = new Date()): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

const CSV_COLUMNS = [
  'List',
  'Name',
  'Type',
  'Present location',
  'Created',
  'Discovered',
  'Discovered by',
  'Added by',
  'Added on',
  'Image',
  'Id',
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
  const rows = [
    ...data.artifacts.map((a) => [
      ADDED_LIST,
      a.name,
      a.type,
      a.presentLocation,
      a.createdAt,
      a.discoveredAt,
      a.discoveredBy,
      a.adderName,
      a.addedAt,
      a.image,
      a._id,
    ]),
    ...data.likedArtifacts.map((a) => [
      LIKED_LIST,
      a.name,
      a.type,
      a.presentLocation,
      '',
      '',
      '',
      a.adderName,
      '',
      '',
      a._id,
    ]),
  ];
  return `\uFEFF${unparse({ fields: CSV_COLUMNS, data: rows }, { escapeFormulae: true })}`;
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
