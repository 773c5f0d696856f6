import type { CampaignMatch } from '../schemas/campaigns.ts';

/** Headers that name the serial-number or MAC column, in English and Russian (compared lower-case, trimmed). */
export const SERIAL_HEADER = /^(?:sn|s\/n|s\.n\.|serial|serials|serial number|serial no\.?|serial_number|серийный номер|серийный|серийник|сн|с\/н|заводской номер)$/;
const MAC_HEADER = /^(?:mac|mac address|mac-address|mac адрес|mac-адрес|мак|мак-адрес|мак адрес)$/;

/** How many columns to try, left to right, when no header names one. */
export const MAX_GUESSED_COLUMNS = 5;

export type Cell = string | number | boolean | Date | object | null;

/** A candidate column: its cells (as text) and the spreadsheet row number (1-based) of each. */
export interface Column {
  index: number;
  /** Whether a header named it (then the header row is not a value). */
  byHeader: boolean;
  values: string[];
  rows: number[];
}

const text = (cell: Cell | undefined): string => (cell === null || cell === undefined ? '' : cell instanceof Date ? '' : String(cell).trim());

/**
 * The columns to match, in the order to try: the column whose header (in the first row) names serial numbers or MAC
 * addresses, alone; otherwise the first few columns with any value, each with all its rows.
 */
export function candidateColumns(rows: Cell[][]): Column[] {
  const width = rows.reduce((most, row) => Math.max(most, row.length), 0);
  const header = (rows[0] ?? []).map((cell) => text(cell).toLowerCase());
  const named = header.findIndex((title) => SERIAL_HEADER.test(title)) >= 0 ? header.findIndex((title) => SERIAL_HEADER.test(title)) : header.findIndex((title) => MAC_HEADER.test(title));
  const columnOf = (index: number, byHeader: boolean): Column => {
    const values: string[] = [];
    const numbers: number[] = [];
    rows.forEach((row, i) => {
      if (byHeader && i === 0) return;
      const value = text(row[index]);
      if (value) {
        values.push(value);
        numbers.push(i + 1);
      }
    });
    return { index, byHeader, values, rows: numbers };
  };
  if (named >= 0) return [columnOf(named, true)];
  const columns: Column[] = [];
  for (let index = 0; index < width && columns.length < MAX_GUESSED_COLUMNS; index += 1) {
    const column = columnOf(index, false);
    if (column.values.length) columns.push(column);
  }
  return columns;
}

/** A file row that brought no device into the campaign: no device has its value, or the device has another position. */
export interface NotInvolvedRow {
  row: number;
  value: string;
  reason: 'unknown' | 'position';
}

export interface ImportResult {
  /** Devices of the campaign's position the file named (each once). */
  devices: CampaignMatch['devices'];
  /** Rows with a value in the matched column. */
  fileDevices: number;
  notInvolved: NotInvolvedRow[];
}

/**
 * Matches the candidate columns through `match` (the server's device lookup) and keeps the first column that names any
 * device; a column named by its header is taken even when it matches nothing.
 */
export async function matchColumns(columns: Column[], match: (values: string[]) => Promise<CampaignMatch>): Promise<ImportResult> {
  let fallback: ImportResult | null = null;
  for (const column of columns) {
    const found = await match(column.values);
    const notInvolved: NotInvolvedRow[] = [
      ...found.unmatched.map((i) => ({ row: column.rows[i]!, value: column.values[i]!, reason: 'unknown' as const })),
      ...found.mismatched.map((i) => ({ row: column.rows[i]!, value: column.values[i]!, reason: 'position' as const })),
    ].sort((a, b) => a.row - b.row);
    const result = { devices: found.devices, fileDevices: column.values.length, notInvolved };
    if (found.devices.length || column.byHeader) return result;
    fallback ??= result;
  }
  return fallback ?? { devices: [], fileDevices: 0, notInvolved: [] };
}

/** The first bytes of an OLE2 compound file: an Excel 97-2003 (.xls, BIFF) workbook, as LibreOffice and old Excel save it. */
const COMPOUND_FILE = [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1];

/**
 * Reads the first sheet of an .xlsx (read-excel-file) or .xls (SheetJS) file in the browser, telling them apart by their
 * first bytes, not the name. Each reader is loaded on first use, so neither weighs on the app's first load.
 */
export async function readSpreadsheet(file: Blob): Promise<Cell[][]> {
  const head = new Uint8Array(await file.slice(0, COMPOUND_FILE.length).arrayBuffer());
  if (COMPOUND_FILE.every((byte, i) => head[i] === byte)) return readLegacyWorkbook(file);
  const { readSheet } = await import('read-excel-file/browser');
  return (await readSheet(file)) as Cell[][];
}

async function readLegacyWorkbook(file: Blob): Promise<Cell[][]> {
  const { read, utils } = await import('@e965/xlsx');
  const book = read(new Uint8Array(await file.arrayBuffer()), { type: 'array', cellDates: true });
  const sheet = book.Sheets[book.SheetNames[0] ?? ''];
  if (!sheet?.['!ref']) return [];
  // Rows are numbered from A1 like the file's own (a report names "Row 3"), even when the first rows are empty.
  const range = utils.decode_range(sheet['!ref']);
  sheet['!ref'] = utils.encode_range({ s: { r: 0, c: 0 }, e: range.e });
  return utils.sheet_to_json<Cell[]>(sheet, { header: 1, raw: true, defval: null, blankrows: true });
}
