/**
 * Counts the rows of an unload's xlsx as its bytes arrive, so the download can say how many rows it has received. The
 * server writes the file while it reads the rows (server/domain/xlsxStream.ts) and knows their number only at the end,
 * which a fetch cannot read from a trailer; so the browser counts what it has actually received: the workbook starts
 * with its sheets, each a deflated zip entry (`xl/worksheets/sheetN.xml`, sizes in a data descriptor after the data),
 * followed by the small parts from `[Content_Types].xml` on. Each sheet is inflated as it arrives and the number of the
 * last row received read from its `<row r="N">` (the writer numbers a sheet's rows 1, 2, 3 ... with the header first),
 * which costs a look at the end of each inflated piece rather than a scan of all of it.
 *
 * The count is only ever what the bytes hold: any layout it does not recognise (or a browser without
 * DecompressionStream) makes it `null` ("not counted"), never a guess, and it never affects the download itself.
 */

const LOCAL_HEADER = 0x04034b50;
const DATA_DESCRIPTOR = 0x08074b50;
const DESCRIPTOR_BYTES = 16;
/** Raw bytes held back from the inflater: more than a data descriptor and the next local header (30 bytes + name). */
const HOLD = 160;
const ROW_TAG = [0x3c, 0x72, 0x6f, 0x77, 0x20, 0x72, 0x3d, 0x22]; // '<row r="'
/** Inflated bytes kept from one piece to the next, where a row tag cut in two is found whole. */
const CARRY = 32;
const CONTENT_TYPES = '[Content_Types].xml';

export interface XlsxRowCounter {
  /** Gives the counter the next bytes of the file. */
  push(chunk: Uint8Array): void;
  /** Data rows counted so far (header rows left out), or null when the file cannot be counted. */
  readonly rows: number | null;
  /** After the last byte: the file's data rows, or null when they could not be counted. */
  finish(): Promise<number | null>;
}

const sheetName = (index: number) => `xl/worksheets/sheet${index}.xml`;

function concat(a: Uint8Array, b: Uint8Array): Uint8Array {
  if (a.length === 0) return b;
  const joined = new Uint8Array(a.length + b.length);
  joined.set(a);
  joined.set(b, a.length);
  return joined;
}

const uint32 = (bytes: Uint8Array, at: number) => (bytes[at]! | (bytes[at + 1]! << 8) | (bytes[at + 2]! << 16) | (bytes[at + 3]! << 24)) >>> 0;
const uint16 = (bytes: Uint8Array, at: number) => bytes[at]! | (bytes[at + 1]! << 8);

/** The local file header at `at`: its entry name and where its data starts; 'short' when the bytes end inside it. */
function localHeader(bytes: Uint8Array, at: number): { name: string; data: number } | 'short' | null {
  if (at + 30 > bytes.length) return bytes.length - at >= 4 && uint32(bytes, at) !== LOCAL_HEADER ? null : 'short';
  if (uint32(bytes, at) !== LOCAL_HEADER) return null;
  const nameLength = uint16(bytes, at + 26);
  const data = at + 30 + nameLength + uint16(bytes, at + 28);
  if (data > bytes.length) return 'short';
  return { name: new TextDecoder().decode(bytes.subarray(at + 30, at + 30 + nameLength)), data };
}

export function createXlsxRowCounter(): XlsxRowCounter {
  let state: 'start' | 'sheet' | 'over' | 'failed' = typeof DecompressionStream === 'function' ? 'start' : 'failed';
  /** Raw bytes of the current sheet's entry not yet given to its inflater (or, at the start, of the first header). */
  let pending: Uint8Array = new Uint8Array(0);
  /** Per sheet opened: the number of the last row seen (the header is row 1). */
  const sheets: { last: number }[] = [];
  let writer: WritableStreamDefaultWriter<BufferSource> | null = null;
  const inflated: Promise<void>[] = [];

  const fail = () => {
    state = 'failed';
    pending = new Uint8Array(0);
  };
  const counted = () => sheets.reduce((sum, sheet) => sum + Math.max(0, sheet.last - 1), 0);

  /** The number of the last whole `<row r="N"` in `text`, or 0 when it holds none. */
  function lastRow(text: Uint8Array): number {
    for (let at = text.lastIndexOf(0x3c); at !== -1; at = at > 0 ? text.lastIndexOf(0x3c, at - 1) : -1) {
      if (!ROW_TAG.every((byte, index) => text[at + index] === byte)) continue;
      let number = 0;
      let index = at + ROW_TAG.length;
      for (; index < text.length && text[index]! >= 0x30 && text[index]! <= 0x39; index += 1) number = number * 10 + text[index]! - 0x30;
      if (index < text.length && text[index] === 0x22 && index > at + ROW_TAG.length) return number;
    }
    return 0;
  }

  function openSheet() {
    const sheet = { last: 0 };
    sheets.push(sheet);
    const stream = new DecompressionStream('deflate-raw');
    writer = stream.writable.getWriter();
    const reader = stream.readable.getReader();
    inflated.push(
      (async () => {
        let carry: Uint8Array = new Uint8Array(0);
        for (;;) {
          const { done, value } = await reader.read();
          if (done) return;
          const text = concat(carry, value);
          sheet.last = Math.max(sheet.last, lastRow(text));
          carry = text.slice(Math.max(0, text.length - CARRY));
        }
      })().catch(fail),
    );
  }

  function feed(bytes: Uint8Array) {
    if (bytes.length) writer?.write(bytes as Uint8Array<ArrayBuffer>).catch(fail);
  }

  function closeSheet() {
    writer?.close().catch(fail);
    writer = null;
  }

  function step(): boolean {
    if (state === 'start') {
      const header = localHeader(pending, 0);
      if (header === 'short') return false;
      if (header === null || header.name !== sheetName(1)) {
        fail();
        return false;
      }
      pending = pending.slice(header.data);
      state = 'sheet';
      openSheet();
      return true;
    }
    if (state !== 'sheet') return false;
    // The entry ends where its data descriptor stands right before the next local header (the next sheet or the
    // content types): 40-odd exact bytes, which deflated data does not hold by chance.
    for (let at = pending.indexOf(0x50, DESCRIPTOR_BYTES); at !== -1; at = pending.indexOf(0x50, at + 1)) {
      if (uint32(pending, at - DESCRIPTOR_BYTES) !== DATA_DESCRIPTOR) continue;
      const header = localHeader(pending, at);
      if (header === 'short') break;
      if (header === null) continue;
      const next = header.name === sheetName(sheets.length + 1);
      if (!next && header.name !== CONTENT_TYPES) continue;
      feed(pending.slice(0, at - DESCRIPTOR_BYTES));
      closeSheet();
      if (!next) {
        state = 'over';
        pending = new Uint8Array(0);
        return false;
      }
      pending = pending.slice(header.data);
      openSheet();
      return true;
    }
    if (pending.length > HOLD) {
      feed(pending.slice(0, pending.length - HOLD));
      pending = pending.slice(pending.length - HOLD);
    }
    return false;
  }

  return {
    push(chunk) {
      if (state === 'over' || state === 'failed') return;
      pending = concat(pending, chunk);
      try {
        while (step());
      } catch {
        fail();
      }
    },
    get rows() {
      return state === 'failed' ? null : counted();
    },
    async finish() {
      if (state !== 'over') {
        // The file ended without its content types after the sheets: not a workbook this counter knows.
        closeSheet();
        fail();
      }
      await Promise.all(inflated);
      return state === 'failed' ? null : counted();
    },
  };
}
