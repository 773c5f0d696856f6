import type { StatisticsAnswer } from './statistics.ts';

/** The words of the statistics workbook, in the reader's language (the view translates them). */
export interface StatisticsSheetWords {
  sheets: { hours: string; devices: string; media: string };
  columns: { hour: string; device: string; media: string; plays: string; seconds: string };
  /** Excel number format of the hour column, e.g. `dd.mm.yyyy hh:mm`. */
  hourFormat: string;
}

/**
 * The wall-clock time of an instant in a time zone, as a Date whose UTC fields are that wall clock: spreadsheet dates
 * have no zone, so the hour shows as the server's statistics zone counts it (the zone the screen shows, too).
 */
export function wallClock(instant: string, timeZone: string): Date {
  const parts = new Intl.DateTimeFormat('en-GB', {
    timeZone,
    hourCycle: 'h23',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
  }).formatToParts(new Date(instant));
  const part = (type: string) => Number(parts.find((p) => p.type === type)?.value ?? 0);
  return new Date(Date.UTC(part('year'), part('month') - 1, part('day'), part('hour'), part('minute')));
}

const bold = (value: string) => ({ value, fontWeight: 'bold' as const });

/**
 * The xlsx of what the Charts tab shows, built in the browser (write-excel-file, loaded on first use): one sheet per
 * chart (plays per hour, per device, per media) with the same rows as the chart's table; hours are real dates.
 */
export async function statisticsWorkbook(data: StatisticsAnswer, words: StatisticsSheetWords): Promise<Blob> {
  const { default: writeExcelFile } = await import('write-excel-file/browser');
  const { columns } = words;
  const hours = [
    [bold(columns.hour), bold(columns.plays), bold(columns.seconds)],
    ...data.hours.map((row) => [{ value: wallClock(row.hour, data.time_zone), format: words.hourFormat }, row.plays, row.seconds]),
  ];
  const devices = [[bold(columns.device), bold(columns.plays), bold(columns.seconds)], ...data.devices.map((row) => [row.name, row.plays, row.seconds])];
  const media = [[bold(columns.media), bold(columns.plays), bold(columns.seconds)], ...data.media.map((row) => [row.name, row.plays, row.seconds])];
  const widths = [{ width: 24 }, { width: 12 }, { width: 16 }];
  return writeExcelFile([
    { data: hours, sheet: words.sheets.hours, columns: widths, stickyRowsCount: 1 },
    { data: devices, sheet: words.sheets.devices, columns: widths, stickyRowsCount: 1 },
    { data: media, sheet: words.sheets.media, columns: widths, stickyRowsCount: 1 },
  ] as never).toBlob();
}
