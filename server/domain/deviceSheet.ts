import fs from 'node:fs';
import path from 'node:path';
import type { SheetData } from 'write-excel-file/node';
import { DEVICE_SHEET_KEYS, type Device, type DeviceSheetKey, type SHEET_LANGUAGES } from '../../src/services/schemas/devices.ts';

/**
 * The devices xlsx (`GET /tvpi/devices-xslx/`): headers and values in the sheet's language, taken from the SPA's own
 * translations (locales/{lang}/devices.json), so that the file says what the screen says; timestamps and calendar
 * dates as real dates (the sheet can sort and filter them), timestamps in the operator's time zone.
 */

export type SheetLanguage = (typeof SHEET_LANGUAGES)[number];

type Words = Record<string, Record<string, string> | undefined>;
type Cell = { value: string | number | Date | null; type?: typeof String | typeof Number | typeof Date; format?: string } | null;

const DATE_TIME_FORMAT = 'yyyy-mm-dd hh:mm';
const DATE_FORMAT = 'yyyy-mm-dd';

type Value = (device: Device, words: Words, zone: string) => Cell;

const text = (value: string | null | undefined): Cell => (value ? { value, type: String } : null);
const word = (words: Words, group: string, code: string): Cell => text(words[group]?.[code] ?? code);
const timestamp = (value: string | null, zone: string): Cell => (value ? { value: wallClock(new Date(value), zone), type: Date, format: DATE_TIME_FORMAT } : null);
const calendarDate = (value: string | null): Cell => (value ? { value: new Date(`${value}T00:00:00Z`), type: Date, format: DATE_FORMAT } : null);

const VALUES: Record<DeviceSheetKey, Value> = {
  id: (d) => ({ value: d.id, type: Number }),
  sn: (d) => text(d.sn),
  mac: (d) => text(d.mac),
  name: (d) => text(d.name),
  company: (d) => text(d.company_name),
  office: (d) => text(d.office_name),
  device_type: (d, w) => word(w, 'types', d.device_type),
  screen_type: (d) => text(d.screen_type),
  // One device's position ("Горизонтальное"), not the group heading ("Горизонтальные").
  position: (d, w) => word(w, 'position', d.position),
  ip: (d) => text(d.ip),
  status: (d, w) => word(w, 'status', d.status),
  // As the list and card say it: an offline device's last report no longer holds (issue 35.4, "Unknown while offline").
  schedule_state: (d, w) => word(w, 'schedule', d.status === 'online' ? d.schedule_state : 'offline'),
  last_connection: (d, _, zone) => timestamp(d.last_connection, zone),
  schedule_expiry: (d, _, zone) => timestamp(d.schedule_expiry, zone),
  version: (d) => text(d.version),
  is_active: (d, w) => word(w, 'list', d.is_active ? 'yes' : 'no'),
  mount_date: (d) => calendarDate(d.mount_date),
  warranty: (d) => calendarDate(d.warranty),
  description: (d) => text(d.description),
  // As the spreadsheet import reads them back: one cell, comma-separated.
  tags: (d) => text(d.tags?.join(', ')),
};

const loaded = new Map<string, Words>();

/** The devices namespace of a language, read once from the locales folder the server also serves. */
export function sheetWords(localesDir: string, language: SheetLanguage): Words {
  const file = path.join(localesDir, language, 'devices.json');
  let words = loaded.get(file);
  if (!words) {
    words = JSON.parse(fs.readFileSync(file, 'utf8')) as Words;
    loaded.set(file, words);
  }
  return words;
}

const wallClockFormats = new Map<string, Intl.DateTimeFormat>();
const zoneOffsets = new Map<string, number>();
/** Zones change their offset on a quarter hour at the finest: one offset per zone and quarter hour is exact. */
const QUARTER_HOUR_MS = 15 * 60 * 1000;

function zoneOffsetMs(bucketStart: number, zone: string): number {
  const key = `${zone} ${bucketStart}`;
  let offset = zoneOffsets.get(key);
  if (offset === undefined) {
    let format = wallClockFormats.get(zone);
    if (!format) {
      format = new Intl.DateTimeFormat('en-US', { timeZone: zone, hourCycle: 'h23', year: 'numeric', month: 'numeric', day: 'numeric', hour: 'numeric', minute: 'numeric', second: 'numeric' });
      wallClockFormats.set(zone, format);
    }
    const parts = Object.fromEntries(format.formatToParts(new Date(bucketStart)).map((part) => [part.type, Number(part.value)]));
    offset = Date.UTC(parts.year!, parts.month! - 1, parts.day!, parts.hour!, parts.minute!, parts.second!) - bucketStart;
    if (zoneOffsets.size > 100_000) zoneOffsets.clear();
    zoneOffsets.set(key, offset);
  }
  return offset;
}

/**
 * The instant as the clock on the wall in `zone` shows it, as a UTC date: xlsx dates carry no zone, so the cell holds
 * the local time the operator expects to read (what the devices page shows).
 */
export function wallClock(instant: Date, zone: string): Date {
  const time = instant.getTime();
  const bucketStart = Math.floor(time / QUARTER_HOUR_MS) * QUARTER_HOUR_MS;
  return new Date(time + zoneOffsetMs(bucketStart, zone));
}

/** The sheet's tab name: the devices page's title in that language. */
export function sheetTitle(words: Words): string {
  const title = (words as Record<string, unknown>).title;
  return typeof title === 'string' ? title : 'Devices';
}

/** The sheet: one header row (bold), then one row per device. */
export function deviceSheet(devices: Device[], words: Words, zone: string): SheetData {
  const header = DEVICE_SHEET_KEYS.map((key) => ({ value: words.fields?.[key] ?? key, fontWeight: 'bold' as const }));
  return [header, ...devices.map((device) => DEVICE_SHEET_KEYS.map((key) => VALUES[key](device, words, zone)))] as SheetData;
}

/** Column widths (in characters) that fit the headers and typical values. */
export const DEVICE_SHEET_WIDTHS = DEVICE_SHEET_KEYS.map((key) => ({
  width: key === 'name' || key === 'office' || key === 'company' || key === 'description' || key === 'tags' ? 32 : key === 'last_connection' || key === 'schedule_expiry' ? 18 : 14,
}));
