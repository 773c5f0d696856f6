import { Readable } from 'node:stream';
import zlib from 'node:zlib';

/**
 * An xlsx written as it is sent, in constant memory, for unloads of any size. write-excel-file (used for the devices
 * sheet) builds the whole workbook in memory before it zips it, so it cannot stream; this writes the zip itself: each
 * part is a deflated entry whose sizes and CRC follow its data (a data descriptor, general purpose bit 3), and the
 * central directory comes last. Cells are inline strings, numbers and dates (numbers with a date format), so no shared
 * string table has to be held. A sheet holds at most 1,048,576 rows (Excel's limit): past that the rows go on in the
 * next sheet ("Plays 2", ...), so no row is ever dropped. Offsets are 32-bit (no Zip64): about 150 million raw rows.
 */

export type CellValue = string | number | Date | null;
export interface XlsxColumn {
  header: string;
  /** Width in characters. */
  width: number;
}

/** Excel's rows per sheet, the header row included. */
export const SHEET_ROWS = 1_048_576;

const STYLE_DATE = 1;
const STYLE_HEADER = 2;

const INVALID_XML = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]/g;
const escapeXml = (text: string) =>
  text.replace(INVALID_XML, '').replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

function columnName(index: number): string {
  let name = '';
  for (let n = index + 1; n > 0; n = Math.floor((n - 1) / 26)) name = String.fromCharCode(65 + ((n - 1) % 26)) + name;
  return name;
}

/** An Excel date serial: days since 1899-12-30 of a date whose UTC fields hold the wall-clock time to show. */
const excelSerial = (date: Date) => date.getTime() / 86_400_000 + 25_569;

function cellXml(ref: string, value: CellValue): string {
  if (value === null || value === '') return '';
  if (typeof value === 'number') return Number.isFinite(value) ? `<c r="${ref}"><v>${value}</v></c>` : '';
  if (value instanceof Date) return `<c r="${ref}" s="${STYLE_DATE}"><v>${excelSerial(value)}</v></c>`;
  return `<c r="${ref}" t="inlineStr"><is><t xml:space="preserve">${escapeXml(value)}</t></is></c>`;
}

const XML_HEAD = '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n';
const MAIN_NS = 'http://schemas.openxmlformats.org/spreadsheetml/2006/main';
const REL_NS = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';

const STYLES =
  `${XML_HEAD}<styleSheet xmlns="${MAIN_NS}"><numFmts count="1"><numFmt numFmtId="164" formatCode="yyyy-mm-dd hh:mm:ss"/></numFmts>` +
  '<fonts count="2"><font><sz val="11"/><name val="Calibri"/></font><font><b/><sz val="11"/><name val="Calibri"/></font></fonts>' +
  '<fills count="2"><fill><patternFill patternType="none"/></fill><fill><patternFill patternType="gray125"/></fill></fills>' +
  '<borders count="1"><border><left/><right/><top/><bottom/><diagonal/></border></borders>' +
  '<cellStyleXfs count="1"><xf numFmtId="0" fontId="0" fillId="0" borderId="0"/></cellStyleXfs>' +
  '<cellXfs count="3"><xf numFmtId="0" fontId="0" fillId="0" borderId="0" xfId="0"/>' +
  '<xf numFmtId="164" fontId="0" fillId="0" borderId="0" xfId="0" applyNumberFormat="1"/>' +
  '<xf numFmtId="0" fontId="1" fillId="0" borderId="0" xfId="0" applyFont="1"/></cellXfs></styleSheet>';

interface Entry {
  name: Buffer;
  crc: number;
  compressed: number;
  size: number;
  offset: number;
}

const DOS_TIME = 0;
const DOS_DATE = (2026 - 1980) << 9 | 1 << 5 | 1;

function localHeader(name: Buffer, descriptor: boolean, crc = 0, compressed = 0, size = 0): Buffer {
  const header = Buffer.alloc(30);
  header.writeUInt32LE(0x04034b50, 0);
  header.writeUInt16LE(20, 4);
  header.writeUInt16LE(descriptor ? 0x0808 : 0x0800, 6);
  header.writeUInt16LE(8, 8);
  header.writeUInt16LE(DOS_TIME, 10);
  header.writeUInt16LE(DOS_DATE, 12);
  header.writeUInt32LE(crc, 14);
  header.writeUInt32LE(compressed, 18);
  header.writeUInt32LE(size, 22);
  header.writeUInt16LE(name.length, 26);
  header.writeUInt16LE(0, 28);
  return Buffer.concat([header, name]);
}

function dataDescriptor(entry: Entry): Buffer {
  const descriptor = Buffer.alloc(16);
  descriptor.writeUInt32LE(0x08074b50, 0);
  descriptor.writeUInt32LE(entry.crc, 4);
  descriptor.writeUInt32LE(entry.compressed, 8);
  descriptor.writeUInt32LE(entry.size, 12);
  return descriptor;
}

function centralDirectory(entries: Entry[], start: number): Buffer {
  const parts: Buffer[] = [];
  for (const entry of entries) {
    const header = Buffer.alloc(46);
    header.writeUInt32LE(0x02014b50, 0);
    header.writeUInt16LE(20, 4);
    header.writeUInt16LE(20, 6);
    header.writeUInt16LE(0x0808, 8);
    header.writeUInt16LE(8, 10);
    header.writeUInt16LE(DOS_TIME, 12);
    header.writeUInt16LE(DOS_DATE, 14);
    header.writeUInt32LE(entry.crc, 16);
    header.writeUInt32LE(entry.compressed, 20);
    header.writeUInt32LE(entry.size, 24);
    header.writeUInt16LE(entry.name.length, 28);
    header.writeUInt32LE(entry.offset, 42);
    parts.push(header, entry.name);
  }
  const body = Buffer.concat(parts);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(body.length, 12);
  end.writeUInt32LE(start, 16);
  return Buffer.concat([body, end]);
}

/**
 * The xlsx of `pages` (each an array of rows) as a byte stream. The stream pulls the next page only when the reader
 * has taken what came before (Readable.from), so a slow download holds the database cursor back, not memory.
 */
export function xlsxStream(sheetTitle: string, columns: XlsxColumn[], pages: AsyncIterable<CellValue[][]>): Readable {
  return Readable.from(writeWorkbook(sheetTitle, columns, pages), { objectMode: false });
}

async function* writeWorkbook(sheetTitle: string, columns: XlsxColumn[], pages: AsyncIterable<CellValue[][]>): AsyncGenerator<Buffer> {
  const entries: Entry[] = [];
  let offset = 0;
  const refs = columns.map((_, index) => columnName(index));
  const headerRow = `<row r="1">${columns.map((column, index) => `<c r="${refs[index]}1" t="inlineStr" s="${STYLE_HEADER}"><is><t>${escapeXml(column.header)}</t></is></c>`).join('')}</row>`;
  const sheetStart =
    `${XML_HEAD}<worksheet xmlns="${MAIN_NS}" xmlns:r="${REL_NS}"><sheetViews><sheetView workbookViewId="0"><pane ySplit="1" topLeftCell="A2" activePane="bottomLeft" state="frozen"/></sheetView></sheetViews>` +
    `<cols>${columns.map((column, index) => `<col min="${index + 1}" max="${index + 1}" width="${column.width}" customWidth="1"/>`).join('')}</cols><sheetData>${headerRow}`;
  const sheetEnd = '</sheetData></worksheet>';

  /** A small part, deflated at once. */
  function* whole(name: string, text: string): Generator<Buffer> {
    const data = Buffer.from(text, 'utf8');
    const compressed = zlib.deflateRawSync(data);
    const entry: Entry = { name: Buffer.from(name), crc: zlib.crc32(data), compressed: compressed.length, size: data.length, offset };
    const header = localHeader(entry.name, false, entry.crc, entry.compressed, entry.size);
    offset += header.length + compressed.length;
    entries.push(entry);
    yield header;
    yield compressed;
  }

  // One sheet being written: its deflate stream and what it has counted so far.
  let sheet: { entry: Entry; deflate: zlib.DeflateRaw; out: Buffer[]; rows: number } | null = null;
  let sheets = 0;

  const drain = (): Buffer[] => {
    const taken = sheet!.out;
    sheet!.out = [];
    for (const chunk of taken) sheet!.entry.compressed += chunk.length;
    offset += taken.reduce((sum, chunk) => sum + chunk.length, 0);
    return taken;
  };
  const feed = async (text: string): Promise<Buffer[]> => {
    const data = Buffer.from(text, 'utf8');
    sheet!.entry.crc = zlib.crc32(data, sheet!.entry.crc);
    sheet!.entry.size += data.length;
    await new Promise<void>((resolve, reject) => sheet!.deflate.write(data, (error) => (error ? reject(error) : resolve())));
    return drain();
  };
  function* openSheet(): Generator<Buffer> {
    sheets += 1;
    const name = Buffer.from(`xl/worksheets/sheet${sheets}.xml`);
    const deflate = zlib.createDeflateRaw({ level: 1 });
    sheet = { entry: { name, crc: 0, compressed: 0, size: 0, offset }, deflate, out: [], rows: 1 };
    const current = sheet;
    deflate.on('data', (chunk: Buffer) => current.out.push(chunk));
    const header = localHeader(name, true);
    offset += header.length;
    yield header;
  }
  async function* closeSheet(): AsyncGenerator<Buffer> {
    yield* await feed(sheetEnd);
    const current = sheet!;
    const ended = new Promise<void>((resolve, reject) => {
      current.deflate.once('end', resolve);
      current.deflate.once('error', reject);
    });
    current.deflate.end();
    await ended;
    yield* drain();
    const descriptor = dataDescriptor(current.entry);
    offset += descriptor.length;
    entries.push(current.entry);
    sheet = null;
    yield descriptor;
  }

  yield* openSheet();
  yield* await feed(sheetStart);
  for await (const page of pages) {
    let xml = '';
    for (const row of page) {
      if (sheet!.rows >= SHEET_ROWS) {
        if (xml) yield* await feed(xml);
        xml = '';
        yield* closeSheet();
        yield* openSheet();
        yield* await feed(sheetStart);
      }
      const number = ++sheet!.rows;
      xml += `<row r="${number}">`;
      for (let index = 0; index < row.length; index += 1) xml += cellXml(`${refs[index]}${number}`, row[index] ?? null);
      xml += '</row>';
    }
    if (xml) yield* await feed(xml);
  }
  yield* closeSheet();

  const titles = Array.from({ length: sheets }, (_, index) => escapeXml(index === 0 ? sheetTitle : `${sheetTitle} ${index + 1}`).slice(0, 31));
  yield* whole(
    '[Content_Types].xml',
    `${XML_HEAD}<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">` +
      '<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/>' +
      '<Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/>' +
      '<Override PartName="/xl/styles.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.styles+xml"/>' +
      titles.map((_, index) => `<Override PartName="/xl/worksheets/sheet${index + 1}.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/>`).join('') +
      '</Types>',
  );
  yield* whole(
    '_rels/.rels',
    `${XML_HEAD}<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="${REL_NS}/officeDocument" Target="xl/workbook.xml"/></Relationships>`,
  );
  yield* whole(
    'xl/workbook.xml',
    `${XML_HEAD}<workbook xmlns="${MAIN_NS}" xmlns:r="${REL_NS}"><sheets>` +
      titles.map((title, index) => `<sheet name="${title}" sheetId="${index + 1}" r:id="rId${index + 1}"/>`).join('') +
      '</sheets></workbook>',
  );
  yield* whole(
    'xl/_rels/workbook.xml.rels',
    `${XML_HEAD}<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">` +
      titles.map((_, index) => `<Relationship Id="rId${index + 1}" Type="${REL_NS}/worksheet" Target="worksheets/sheet${index + 1}.xml"/>`).join('') +
      `<Relationship Id="rId${titles.length + 1}" Type="${REL_NS}/styles" Target="styles.xml"/></Relationships>`,
  );
  yield* whole('xl/styles.xml', STYLES);
  yield centralDirectory(entries, offset);
}
