import fs from 'node:fs';
import path from 'node:path';
import writeXlsxFile from 'write-excel-file/node';
import { describe, expect, it } from 'vitest';
import { candidateColumns, matchColumns, readSpreadsheet } from './spreadsheet.ts';

const found = (devices: number[], unmatched: number[] = [], mismatched: number[] = []) => ({
  devices: devices.map((id) => ({ id, sn: `SN-${id}`, mac: null, name: '', office_name: null, status: 'offline', position: 'horizontal' })),
  unmatched,
  mismatched,
});

describe('candidateColumns', () => {
  it('takes the column a header names (serial number or MAC, English or Russian) and skips the header row and blanks', () => {
    expect(candidateColumns([['Note', 'Serial number'], ['a', ' SN-1 '], ['b', null], ['c', 'SN-2']])).toEqual([{ index: 1, byHeader: true, values: ['SN-1', 'SN-2'], rows: [2, 4] }]);
    expect(candidateColumns([['Серийный номер'], ['SN-1']])[0]!.values).toEqual(['SN-1']);
    expect(candidateColumns([['Имя', 'MAC-адрес'], ['x', 'AA:BB:CC:DD:EE:FF']])[0]!.index).toBe(1);
    expect(candidateColumns([['MAC', 'SN'], ['AA:BB:CC:DD:EE:FF', 'SN-1']])[0]!.index).toBe(1);
  });

  it('without a known header offers the first columns with values, every row included, numbers as text', () => {
    expect(candidateColumns([[null, 'SN-1', 42], [null, 'SN-2', 43]])).toEqual([
      { index: 1, byHeader: false, values: ['SN-1', 'SN-2'], rows: [1, 2] },
      { index: 2, byHeader: false, values: ['42', '43'], rows: [1, 2] },
    ]);
    expect(candidateColumns([])).toEqual([]);
  });
});

describe('matchColumns', () => {
  it('keeps the first guessed column that names a device, with its rows left out and why', async () => {
    const columns = candidateColumns([['x', 'SN-1'], ['y', 'NOPE'], ['z', 'SN-V']]);
    const calls: string[][] = [];
    const result = await matchColumns(columns, async (values) => {
      calls.push(values);
      return values[0] === 'SN-1' ? found([1], [1], [2]) : found([], [0, 1, 2]);
    });
    expect(calls).toEqual([['x', 'y', 'z'], ['SN-1', 'NOPE', 'SN-V']]);
    expect(result).toEqual({
      devices: found([1]).devices,
      fileDevices: 3,
      notInvolved: [
        { row: 2, value: 'NOPE', reason: 'unknown' },
        { row: 3, value: 'SN-V', reason: 'position' },
      ],
    });
  });

  it('answers the header column even when it names nothing, and the first column when no column does', async () => {
    const byHeader = await matchColumns(candidateColumns([['SN'], ['NOPE']]), async () => found([], [0]));
    expect(byHeader).toEqual({ devices: [], fileDevices: 1, notInvolved: [{ row: 2, value: 'NOPE', reason: 'unknown' }] });
    const none = await matchColumns(candidateColumns([['a', 'b']]), async () => found([], [0]));
    expect(none.notInvolved).toEqual([{ row: 1, value: 'a', reason: 'unknown' }]);
  });
});

describe('readSpreadsheet', () => {
  it('reads an Excel 97-2003 .xls that LibreOffice saved (BIFF8): Cyrillic header, blank row, numeric serial', async () => {
    const file = await fs.openAsBlob(path.resolve(import.meta.dirname, '../../../tests/fixtures/devices-libreoffice.xls'));
    const rows = await readSpreadsheet(file);
    expect(rows).toEqual([['Серийный номер', 'Заметка'], ['XLS-LOBBY-1', 'лобби'], ['XLS-NO-SUCH', 'опечатка'], [null, null], [4242, 'склад']]);
    expect(candidateColumns(rows)).toEqual([{ index: 0, byHeader: true, values: ['XLS-LOBBY-1', 'XLS-NO-SUCH', '4242'], rows: [2, 3, 5] }]);
  });

  it('reads an .xlsx whatever its name says', async () => {
    const buffer = await writeXlsxFile([['SN'], ['XLSX-1']]).toBuffer();
    expect(await readSpreadsheet(new Blob([new Uint8Array(buffer)]))).toEqual([['SN'], ['XLSX-1']]);
  });
});
