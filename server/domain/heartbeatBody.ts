import { instantTime, MAX_ID } from '../../src/services/schemas/common.ts';
import { isIpAddress, SCHEDULE_STATES, SERIAL_PATTERN, UNSAFE_REPORTED_CHARACTERS, type PlayerHeartbeatBody } from '../../src/services/schemas/devices.ts';
import { MAX_NOW_PLAYING_ZONES, PLAYBACK_ERROR_KINDS } from '../../src/services/schemas/playback.ts';

const MAX_SERIAL = 64;
const MAX_KEY = 200;
const MAX_VERSION = 64;
const scheduleStates: readonly unknown[] = SCHEDULE_STATES;
const playbackErrorKinds: readonly unknown[] = PLAYBACK_ERROR_KINDS;
/** PlaybackErrors: at most this many reports a heartbeat, a count at most MAX_ERROR_COUNT, a detail at most MAX_DETAIL. */
const MAX_PLAYBACK_ERRORS = 100;
const MAX_ERROR_COUNT = 1_000_000;
const MAX_DETAIL = 300;

/**
 * The common heartbeat (serial, key and any of ip, version, schedule_state, config_version) checked without
 * superstruct, which costs about 9 µs a body, a tenth of a heartbeat. Sound, not complete: it answers true only for
 * bodies that PlayerHeartbeatBody accepts as they are (property test in heartbeatBody.test.ts); every other body,
 * including any with schedule_expiry, acknowledged or capabilities, goes to the schema, which stays the one definition
 * of a valid heartbeat (and the one that says what is wrong). now_playing, which the web player sends with every
 * heartbeat, and playback_errors in their common shape (about 100 µs of superstruct a body) are checked here.
 */
export function isPlainHeartbeat(body: Record<string, unknown>): body is PlayerHeartbeatBody {
  const { serial, key, version, schedule_state: scheduleState, config_version: configVersion } = body;
  return (
    typeof serial === 'string' &&
    serial.length <= MAX_SERIAL &&
    SERIAL_PATTERN.test(serial) &&
    typeof key === 'string' &&
    key.length >= 1 &&
    key.length <= MAX_KEY &&
    (body.ip === undefined || body.ip === null || (typeof body.ip === 'string' && isIpAddress(body.ip))) &&
    body.schedule_expiry === undefined &&
    body.acknowledged === undefined &&
    body.capabilities === undefined &&
    (body.playback_errors === undefined || isPlainPlaybackErrors(body.playback_errors)) &&
    (body.now_playing === undefined || body.now_playing === null || isPlainNowPlaying(body.now_playing)) &&
    (version === undefined || (typeof version === 'string' && version.length <= MAX_VERSION && !UNSAFE_REPORTED_CHARACTERS.test(version))) &&
    (scheduleState === undefined || scheduleStates.includes(scheduleState)) &&
    (body.display === undefined || body.display === 'on' || body.display === 'off') &&
    (configVersion === undefined || (typeof configVersion === 'number' && Number.isInteger(configVersion) && configVersion >= 0 && configVersion <= MAX_ID))
  );
}

const isId = (value: unknown) => typeof value === 'number' && Number.isInteger(value) && value >= 1 && value <= MAX_ID;

/**
 * now_playing as NowPlaying accepts it: event and media ids (media null only with a layout), started_at an ISO date-time of the years 2000 to 9999; a
 * layout item's layout {id, version} and zones [{id, media_id (an id or null), started_at}] (at most 16) if any.
 */
function isPlainNowPlaying(value: unknown): boolean {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
  const { event, media, started_at: startedAt, layout, zones } = value as Record<string, unknown>;
  // `media` null: a layout whose zones show no file (widgets only, issue 38), so only with `layout`.
  return isId(event) && (isId(media) || (media === null && layout !== undefined)) && isTimestamp(startedAt) && (layout === undefined || isPlainLayout(layout)) && (zones === undefined || isPlainZones(zones));
}

function isPlainLayout(value: unknown): boolean {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
  const { id, version } = value as Record<string, unknown>;
  return isId(id) && isId(version);
}

function isPlainZones(value: unknown): boolean {
  if (!Array.isArray(value) || value.length > MAX_NOW_PLAYING_ZONES) return false;
  for (const zone of value as unknown[]) {
    if (typeof zone !== 'object' || zone === null || Array.isArray(zone)) return false;
    const { id, media_id: media, started_at: startedAt } = zone as Record<string, unknown>;
    if (!isId(id) || !(media === null || isId(media)) || !isTimestamp(startedAt)) return false;
  }
  return true;
}

/**
 * playback_errors as PlaybackErrors accepts them unchanged: at most 100 reports, each with a media id, a kind, a count
 * of 1 to 1,000,000, last_at a Timestamp and, if any, a detail of at most 300 characters without control or bidi
 * characters (a detail with them is coerced by the schema, which strips them).
 */
function isPlainPlaybackErrors(value: unknown): boolean {
  if (!Array.isArray(value) || value.length > MAX_PLAYBACK_ERRORS) return false;
  for (const report of value as unknown[]) {
    if (typeof report !== 'object' || report === null || Array.isArray(report)) return false;
    const { media, kind, count, last_at: lastAt, detail } = report as Record<string, unknown>;
    if (!isId(media) || !playbackErrorKinds.includes(kind) || !isTimestamp(lastAt)) return false;
    if (typeof count !== 'number' || !Number.isInteger(count) || count < 1 || count > MAX_ERROR_COUNT) return false;
    if (detail !== undefined && (typeof detail !== 'string' || detail.length > MAX_DETAIL || UNSAFE_REPORTED_CHARACTERS.test(detail))) return false;
  }
  return true;
}

/** Timestamp (src/services/schemas/playback.ts): 1 to 40 characters, an ISO date-time of the years 2000 to 9999. */
function isTimestamp(value: unknown): boolean {
  if (typeof value !== 'string' || value.length > 40) return false;
  if (isCanonicalUtc(value)) return true;
  const time = instantTime(value);
  return time >= YEAR_2000 && time < YEAR_10000;
}

const YEAR_2000 = Date.UTC(2000, 0, 1);
const YEAR_10000 = Date.UTC(10000, 0, 1);
const DAYS_IN_MONTH = [31, 29, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];

/** The digits at `from` (`length` of them) as a number, or -1 if any is not a digit. */
function digitsAt(text: string, from: number, length: number): number {
  let value = 0;
  for (let i = from; i < from + length; i += 1) {
    const c = text.charCodeAt(i) - 48;
    if (c < 0 || c > 9) return -1;
    value = value * 10 + c;
  }
  return value;
}

/**
 * What toISOString writes (YYYY-MM-DDTHH:MM:SS, then .s to .sss, then Z) for a real date and time of the years 2000 to
 * 9999: such a text is a Timestamp, without Date.parse (a player sends one or two per heartbeat). Anything else (an
 * offset, more fraction digits, a day past its month's end) answers false and is judged by the API's instant rule (instantTime) as the schema does.
 */
function isCanonicalUtc(text: string): boolean {
  const length = text.length;
  if (length < 20 || length > 24 || text.charCodeAt(length - 1) !== 90 /* Z */) return false;
  if (text[4] !== '-' || text[7] !== '-' || text[10] !== 'T' || text[13] !== ':' || text[16] !== ':') return false;
  if (length > 20 && (text[19] !== '.' || length === 21 || digitsAt(text, 20, length - 21) < 0)) return false;
  const year = digitsAt(text, 0, 4);
  const month = digitsAt(text, 5, 2);
  const day = digitsAt(text, 8, 2);
  const hour = digitsAt(text, 11, 2);
  const minute = digitsAt(text, 14, 2);
  const second = digitsAt(text, 17, 2);
  if (year < 2000 || month < 1 || month > 12 || day < 1 || hour < 0 || hour > 23 || minute < 0 || minute > 59 || second < 0 || second > 59) return false;
  const leap = year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0);
  return day <= (month === 2 && !leap ? 28 : DAYS_IN_MONTH[month - 1]!);
}
