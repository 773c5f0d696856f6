import { createHash } from 'node:crypto';
import {
  DATASET_COLUMN_NAME_MAX,
  MAX_DATASET_CELL,
  MAX_DATASET_COLUMNS,
  MAX_DATASET_ROWS,
  type DatasetCell,
  type DatasetColumn,
} from '../../src/services/schemas/datasets.ts';
import { badRequest } from '../errors.ts';

/*
 * Datasets (issue 38): a spreadsheet read into columns and rows on the server. The file's kind is told by its first
 * bytes, not its name: a ZIP (.xlsx, .ods) or an OLE2 compound file (.xls) goes to SheetJS, anything else is read as
 * CSV text (UTF-8, or Windows-1251 when it is not valid UTF-8: what a Russian Excel saves). The first sheet is read;
 * its first non-empty row names the columns; cells are the text the spreadsheet shows (its own number and date
 * formats), empty cells null. Empty rows and columns at the edges are dropped.
 */

export interface Table {
  columns: DatasetColumn[];
  rows: DatasetCell[][];
}

const ZIP = [0x50, 0x4b, 0x03, 0x04];
const COMPOUND_FILE = [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1];
const startsWith = (bytes: Uint8Array, magic: number[]) => magic.every((byte, index) => bytes[index] === byte);

const unreadable = () => badRequest('unreadable_file', 'The file is not a spreadsheet Vitrine can read: send an .xlsx, .xls, .ods or .csv file.', { file: 'unreadable' });

/** The table in `bytes`, or a 400 that says why it cannot be read or stored. */
export async function readTable(bytes: Uint8Array): Promise<Table> {
  if (bytes.length === 0) throw badRequest('empty_file', 'The file is empty.', { file: 'empty' });
  const grid = startsWith(bytes, ZIP) || startsWith(bytes, COMPOUND_FILE) ? await readWorkbook(bytes) : readCsv(decodeText(bytes));
  return tableOf(grid);
}

async function readWorkbook(bytes: Uint8Array): Promise<(string | null)[][]> {
  const { read, utils } = await import('@e965/xlsx');
  let book;
  try {
    book = read(bytes, { type: 'array', cellDates: true, dense: true });
  } catch {
    throw unreadable();
  }
  const sheet = book.Sheets[book.SheetNames[0] ?? ''];
  if (!sheet?.['!ref']) return [];
  const rows = utils.sheet_to_json<unknown[]>(sheet, { header: 1, raw: false, defval: null, blankrows: true });
  return rows.map((row) => row.map((cell) => (cell === null || cell === undefined || String(cell).trim() === '' ? null : String(cell))));
}

/** UTF-8 (a BOM dropped), or Windows-1251 when the bytes are not valid UTF-8. */
function decodeText(bytes: Uint8Array): string {
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    text = new TextDecoder('windows-1251').decode(bytes);
  }
  if (text.includes('\u0000')) throw unreadable();
  return text.replace(/^\uFEFF/, '');
}

/** The delimiter of the first line: the most frequent of `,`, `;` and tab outside quotes (`,` on a tie or none). */
function delimiterOf(text: string): string {
  const counts = new Map<string, number>([[',', 0], [';', 0], ['\t', 0]]);
  let quoted = false;
  for (const char of text) {
    if (char === '"') quoted = !quoted;
    else if (!quoted && (char === '\n' || char === '\r')) break;
    else if (!quoted && counts.has(char)) counts.set(char, counts.get(char)! + 1);
  }
  let best = ',';
  for (const [char, count] of counts) if (count > counts.get(best)!) best = char;
  return best;
}

/** RFC 4180 CSV: quoted fields may hold the delimiter, quotes ("" inside) and line breaks; CRLF, LF or CR ends a row. */
export function readCsv(text: string): (string | null)[][] {
  const delimiter = delimiterOf(text);
  const rows: (string | null)[][] = [];
  let row: (string | null)[] = [];
  let field = '';
  let quoted = false;
  let wasQuoted = false;
  const endField = () => {
    row.push(field === '' && !wasQuoted ? null : field);
    field = '';
    wasQuoted = false;
  };
  const endRow = () => {
    endField();
    rows.push(row);
    row = [];
  };
  for (let index = 0; index < text.length; index++) {
    const char = text[index]!;
    if (quoted) {
      if (char !== '"') field += char;
      else if (text[index + 1] === '"') {
        field += '"';
        index++;
      } else quoted = false;
    } else if (char === '"' && field === '') {
      quoted = true;
      wasQuoted = true;
    } else if (char === delimiter) endField();
    else if (char === '\r') {
      endRow();
      if (text[index + 1] === '\n') index++;
    } else if (char === '\n') endRow();
    else field += char;
  }
  if (quoted) throw badRequest('unreadable_file', 'The CSV file ends inside a quoted field.', { file: 'unreadable' });
  if (field !== '' || wasQuoted || row.length) endRow();
  return rows.map((cells) => cells.map((cell) => (cell === null || cell.trim() === '' ? null : cell)));
}

/** The grid as a table: header row, sizes checked, edge rows and columns dropped, header names made unique. */
export function tableOf(grid: (string | null)[][]): Table {
  const filled = (row: (string | null)[]) => row.some((cell) => cell !== null);
  const first = grid.findIndex(filled);
  if (first < 0) throw badRequest('empty_file', 'The file has no rows.', { file: 'empty' });
  let last = grid.length - 1;
  while (!filled(grid[last]!)) last--;
  const body = grid.slice(first, last + 1);
  const width = Math.max(...body.map((row) => row.reduce((end, cell, index) => (cell === null ? end : index + 1), 0)));
  if (width > MAX_DATASET_COLUMNS) {
    throw badRequest('too_many_columns', `A dataset has at most ${MAX_DATASET_COLUMNS} columns; the file has ${width}.`, { file: 'too_many_columns' });
  }
  if (body.length - 1 > MAX_DATASET_ROWS) {
    throw badRequest('too_many_rows', `A dataset has at most ${MAX_DATASET_ROWS} rows; the file has ${body.length - 1}.`, { file: 'too_many_rows' });
  }
  const taken = new Set<string>();
  const columns = Array.from({ length: width }, (_, index) => {
    const header = (body[0]![index] ?? '').trim().slice(0, DATASET_COLUMN_NAME_MAX) || `Column ${index + 1}`;
    let name = header;
    for (let copy = 2; taken.has(name.toLowerCase()); copy++) name = `${header} (${copy})`;
    taken.add(name.toLowerCase());
    return { name };
  });
  const rows = body.slice(1).map((row) => Array.from({ length: width }, (_, index) => row[index] ?? null));
  rows.forEach((row, index) => {
    const long = row.findIndex((cell) => cell !== null && [...cell].length > MAX_DATASET_CELL);
    if (long >= 0) {
      throw badRequest('cell_too_long', `Row ${index + 2}, column ${long + 1}: a cell holds at most ${MAX_DATASET_CELL} characters.`, { file: 'cell_too_long' });
    }
  });
  return { columns, rows };
}

/** What screens follow: a digest of the columns and rows (a change of either moves it). */
export function tableChecksum(table: Table): string {
  return createHash('sha256').update(JSON.stringify([table.columns.map((column) => column.name), table.rows])).digest('hex');
}
