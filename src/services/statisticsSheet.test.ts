import { expect, it } from 'vitest';
import readExcelFile from 'read-excel-file/node';
import { statisticsWorkbook, wallClock } from './statisticsSheet.ts';

const WORDS = {
  sheets: { hours: 'По часам', devices: 'По устройствам', media: 'По файлам' },
  columns: { hour: 'Час', device: 'Устройство', media: 'Медиафайл', plays: 'Показы', seconds: 'Показано секунд' },
  hourFormat: 'dd.mm.yyyy hh:mm',
};

it('shows an hour as the statistics time zone counts it', () => {
  expect(wallClock('2026-11-22T10:00:00Z', 'Europe/Moscow').toISOString()).toBe('2026-11-22T13:00:00.000Z');
  expect(wallClock('2026-11-22T10:00:00Z', 'UTC').toISOString()).toBe('2026-11-22T10:00:00.000Z');
});

it('writes one sheet per chart with the rows the tables show', async () => {
  const blob = await statisticsWorkbook(
    {
      campaign: { id: 3, name: 'Зима' },
      date: '2026-11-22',
      period: 2,
      time_zone: 'Europe/Moscow',
      total: { plays: 3, seconds: 30 },
      hours: [
        { hour: '2026-11-21T21:00:00Z', plays: 1, seconds: 10 },
        { hour: '2026-11-21T22:00:00Z', plays: 2, seconds: 20 },
      ],
      devices: [{ device: 1, name: 'Холл', plays: 3, seconds: 30 }],
      media: [{ media: 5, name: 'clip.mp4', plays: 3, seconds: 30 }],
      widgets: [],
    },
    WORDS,
  );
  const buffer = Buffer.from(await blob.arrayBuffer());
  expect(await readExcelFile(buffer)).toEqual([
    {
      sheet: 'По часам',
      data: [
        ['Час', 'Показы', 'Показано секунд'],
        [new Date('2026-11-22T00:00:00Z'), 1, 10],
        [new Date('2026-11-22T01:00:00Z'), 2, 20],
      ],
    },
    { sheet: 'По устройствам', data: [['Устройство', 'Показы', 'Показано секунд'], ['Холл', 3, 30]] },
    { sheet: 'По файлам', data: [['Медиафайл', 'Показы', 'Показано секунд'], ['clip.mp4', 3, 30]] },
  ]);
});
