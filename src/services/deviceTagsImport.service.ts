import { api, parseResponse } from './http.ts';
import { SERIAL_HEADER, type Cell } from './campaigns/spreadsheet.ts';
import { DeviceTagsImportAnswer } from './schemas/devices.ts';
import { tagsOfText } from './schemas/deviceTags.ts';
import { writeOutcome, type WriteOutcome } from './writeOutcome.ts';

export { readSpreadsheet } from './campaigns/spreadsheet.ts';

/** A Tags column's header, in English or Russian. */
const TAGS_HEADER = /^(?:tags?|теги|тег|метки)$/;

/** The rows of a tags spreadsheet: each serial with its tags, and the file's row number (1-based) of each. */
export interface TagSheet {
  rows: { sn: string; tags: string[] }[];
  lines: number[];
}

const text = (cell: Cell | undefined): string => (cell === null || cell === undefined || cell instanceof Date ? '' : String(cell).trim());

/**
 * The serial and tags of each row: the columns a header names (Serial number / SN, Tags / Теги, in the first row),
 * else the first two columns. Rows without a serial are left out; a row's tags are its cell split on commas.
 */
export function tagSheetOf(cells: Cell[][]): TagSheet {
  const header = (cells[0] ?? []).map((cell) => text(cell).toLowerCase());
  const serial = header.findIndex((title) => SERIAL_HEADER.test(title));
  const tags = header.findIndex((title) => TAGS_HEADER.test(title));
  const named = serial >= 0 && tags >= 0;
  const sheet: TagSheet = { rows: [], lines: [] };
  cells.forEach((row, index) => {
    if (named && index === 0) return;
    const sn = text(row[named ? serial : 0]);
    if (!sn) return;
    sheet.rows.push({ sn, tags: tagsOfText(text(row[named ? tags : 1])) });
    sheet.lines.push(index + 1);
  });
  return sheet;
}

/** PUT /tvpi/devices/tags/: each row's tags replace the device's; a refusal (a row breaking the tag rules) names its row. */
export function importDeviceTags(rows: TagSheet['rows']): Promise<WriteOutcome<DeviceTagsImportAnswer>> {
  return writeOutcome(api('/tvpi/devices/tags/', { method: 'PUT', body: { rows } }).then((answer) => parseResponse(DeviceTagsImportAnswer, answer)));
}
