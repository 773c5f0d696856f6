import fs from 'node:fs';
import path from 'node:path';
import type { Readable } from 'node:stream';
import type { UnloadGranularity } from '../../src/services/schemas/statistics.ts';
import type { Db } from '../db/index.ts';
import type { ReportRow } from '../db/campaigns.ts';
import { hourPages, rawPlayPages, type DevicePlaysByDay, type UnloadFilter } from '../db/plays.ts';
import { wallClock } from './deviceSheet.ts';
import { xlsxStream, type CellValue, type XlsxColumn } from './xlsxStream.ts';

/** Minutes the live report looks back. */
export const LIVE_MINUTES = 15;

/**
 * The time zone statistics count days and hours in: the server's own (its TZ environment variable, else the system's).
 * The roll-ups are kept per UTC hour, so a zone with a half-hour offset sees its hours shifted by that half hour.
 */
export function statisticsTimeZone(): string {
  return process.env.TZ || Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
}

type Words = { unload?: { sheet?: Record<string, string>; columns?: Record<string, string>; outcomes?: Record<string, string> } };
const loaded = new Map<string, Words>();

function statisticsWords(localesDir: string, language: string): Words {
  const file = path.join(localesDir, language, 'statistics.json');
  let words = loaded.get(file);
  if (!words) {
    words = JSON.parse(fs.readFileSync(file, 'utf8')) as Words;
    loaded.set(file, words);
  }
  return words;
}

const RAW_COLUMNS = [
  ['started_at', 20],
  ['serial', 18],
  ['device', 28],
  ['campaign', 28],
  ['event', 28],
  ['media', 28],
  ['duration', 12],
  ['outcome', 14],
  ['play_id', 38],
] as const;
const HOURLY_COLUMNS = [
  ['hour', 20],
  ['campaign', 28],
  ['serial', 18],
  ['device', 28],
  ['media', 28],
  ['event', 28],
  ['plays', 10],
  ['seconds', 12],
  ['failed', 10],
] as const;

async function* mapPages<T>(pages: AsyncIterable<T[]>, toRow: (row: T) => CellValue[]): AsyncGenerator<CellValue[][]> {
  for await (const page of pages) yield page.map(toRow);
}

/**
 * The unload xlsx (raw plays or hourly roll-ups) of [from, to), streamed: headers in the language asked for, instants
 * as dates in the statistics time zone, seconds as numbers. A raw play names how it ended (completed, partial, failed);
 * an hour counts its plays (failed ones apart, in the failed column) and its seconds on screen.
 */
export function unloadSheet(
  db: Db,
  localesDir: string,
  query: { granularity: UnloadGranularity; from: string; to: string; zone: string; lang?: 'en' | 'ru' } & UnloadFilter,
): Readable {
  const words = statisticsWords(localesDir, query.lang ?? 'en').unload ?? {};
  const filter: UnloadFilter = { campaign: query.campaign, device: query.device, media: query.media, layout: query.layout, companies: query.companies };
  const columns = (list: readonly (readonly [string, number])[]): XlsxColumn[] =>
    list.map(([key, width]) => ({ header: words.columns?.[key] ?? key, width }));
  const title = words.sheet?.[query.granularity] ?? query.granularity;
  if (query.granularity === 'raw') {
    return xlsxStream(
      title,
      columns(RAW_COLUMNS),
      mapPages(rawPlayPages(db, query.from, query.to, filter), (row) => [
        wallClock(new Date(row.started_at), query.zone),
        row.sn,
        row.device_name,
        row.campaign_name,
        row.event_title,
        row.media_name,
        Number(row.duration),
        words.outcomes?.[row.outcome] ?? row.outcome,
        row.play_id,
      ]),
    );
  }
  return xlsxStream(
    title,
    columns(HOURLY_COLUMNS),
    mapPages(hourPages(db, query.from, query.to, filter), (row) => [
      wallClock(new Date(row.hour), query.zone),
      row.campaign_name,
      row.sn,
      row.device_name,
      row.media_name,
      row.event_title,
      Number(row.plays),
      Math.round(Number(row.seconds) * 1000) / 1000,
      Number(row.failed),
    ]),
  );
}

/**
 * The campaign report's rows (planned events per device and day) with what was played on each: plays and played
 * minutes. A device and day with plays but nothing planned (an event changed since) gets a row of its own.
 */
export function withPlays(planned: ReportRow[], played: DevicePlaysByDay[]): (ReportRow & { plays: number; playedMinutes: number })[] {
  const byKey = new Map(played.map((row) => [`${row.sn}\u0000${row.day}`, row]));
  const result = planned.map((row) => {
    const key = `${row.sn}\u0000${row.day}`;
    const found = byKey.get(key);
    byKey.delete(key);
    return { ...row, plays: found?.plays ?? 0, playedMinutes: found?.minutes ?? 0 };
  });
  for (const row of byKey.values()) {
    result.push({ sn: row.sn, name: row.name, office: row.office, day: row.day, events: 0, titles: '', minutes: 0, plays: row.plays, playedMinutes: row.minutes });
  }
  return result.sort((a, b) => (a.sn < b.sn ? -1 : a.sn > b.sn ? 1 : a.day < b.day ? -1 : a.day > b.day ? 1 : 0));
}
