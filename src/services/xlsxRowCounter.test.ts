// @vitest-environment node
import zlib from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { xlsxStream, type CellValue } from '../../server/domain/xlsxStream.ts';
import { createXlsxRowCounter } from './xlsxRowCounter.ts';

/** The bytes the server sends for an unload of `count` rows, in pages of 1,000 like the real one. */
async function workbook(count: number): Promise<Uint8Array> {
  async function* pages(): AsyncGenerator<CellValue[][]> {
    for (let start = 0; start < count; start += 1000) {
      yield Array.from({ length: Math.min(1000, count - start) }, (_, index) => [new Date(Date.UTC(2026, 10, 22, 0, 0, start + index)), `SN-${start + index}`, '<row r="x"> in a name', start + index]);
    }
  }
  const chunks: Buffer[] = [];
  for await (const chunk of xlsxStream('Plays', [{ header: 'At', width: 20 }, { header: 'Serial', width: 12 }, { header: 'Name', width: 20 }, { header: 'N', width: 8 }], pages())) chunks.push(chunk as Buffer);
  return new Uint8Array(Buffer.concat(chunks));
}

/** Feeds the bytes in pieces of `size` and notes the counts seen on the way. */
async function count(bytes: Uint8Array, size: number): Promise<{ final: number | null; seen: (number | null)[] }> {
  const counter = createXlsxRowCounter();
  const seen: (number | null)[] = [];
  for (let at = 0; at < bytes.length; at += size) {
    counter.push(bytes.slice(at, at + size));
    await Promise.resolve();
    seen.push(counter.rows);
  }
  return { final: await counter.finish(), seen };
}

/** A hand-made zip like the server's: sheets with data descriptors, then the content types (for two sheets). */
function twoSheets(rows: [number, number]): Uint8Array {
  const parts: Buffer[] = [];
  const entry = (name: string, text: string) => {
    const data = zlib.deflateRawSync(Buffer.from(text));
    const header = Buffer.alloc(30);
    header.writeUInt32LE(0x04034b50, 0);
    header.writeUInt16LE(0x0808, 6);
    header.writeUInt16LE(8, 8);
    header.writeUInt16LE(name.length, 26);
    const descriptor = Buffer.alloc(16);
    descriptor.writeUInt32LE(0x08074b50, 0);
    descriptor.writeUInt32LE(zlib.crc32(Buffer.from(text)), 4);
    descriptor.writeUInt32LE(data.length, 8);
    descriptor.writeUInt32LE(text.length, 12);
    parts.push(header, Buffer.from(name), data, descriptor);
  };
  const sheet = (count: number) => `<worksheet><sheetData><row r="1"><c/></row>${Array.from({ length: count }, (_, index) => `<row r="${index + 2}"><c/></row>`).join('')}</sheetData></worksheet>`;
  entry('xl/worksheets/sheet1.xml', sheet(rows[0]));
  entry('xl/worksheets/sheet2.xml', sheet(rows[1]));
  entry('[Content_Types].xml', '<Types/>');
  return new Uint8Array(Buffer.concat(parts));
}

describe('the unload row counter', () => {
  it('counts the data rows of the streamed workbook, whatever the pieces it arrives in', async () => {
    const bytes = await workbook(2_500);
    for (const size of [13, 1_000, 65_536, bytes.length]) {
      const { final, seen } = await count(bytes, size);
      expect(final, `pieces of ${size} bytes`).toBe(2_500);
      // on the way: never more than the file holds, never going back
      const numbers = seen.filter((value): value is number => value !== null);
      expect(numbers.length).toBe(seen.length);
      expect(numbers.every((value, index) => value <= 2_500 && (index === 0 || value >= numbers[index - 1]!))).toBe(true);
    }
  });

  it('counts an empty unload as no rows, and rows past a first sheet in the next', async () => {
    expect((await count(await workbook(0), 100)).final).toBe(0);
    expect((await count(twoSheets([5, 3]), 3)).final).toBe(8);
  });

  it('says "not counted" for bytes it does not recognise or a file cut short, never a guess', async () => {
    expect((await count(new TextEncoder().encode('<html>not a workbook</html>'), 5)).final).toBeNull();
    const bytes = await workbook(300);
    expect((await count(bytes.slice(0, Math.floor(bytes.length / 2)), 512)).final).toBeNull();
  });
});
