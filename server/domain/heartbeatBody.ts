import { MAX_ID } from '../../src/services/schemas/common.ts';
import { isIpAddress, SCHEDULE_STATES, SERIAL_PATTERN, UNSAFE_REPORTED_CHARACTERS, type PlayerHeartbeatBody } from '../../src/services/schemas/devices.ts';

const MAX_SERIAL = 64;
const MAX_KEY = 200;
const MAX_VERSION = 64;
const scheduleStates: readonly unknown[] = SCHEDULE_STATES;

/**
 * The common heartbeat (serial, key and any of ip, version, schedule_state, config_version) checked without
 * superstruct, which costs about 9 µs a body, a tenth of a heartbeat. Sound, not complete: it answers true only for
 * bodies that PlayerHeartbeatBody accepts as they are (property test in heartbeatBody.test.ts); every other body,
 * including any with schedule_expiry, acknowledged, capabilities or playback_errors, goes to the schema, which stays the
 * one definition of a valid heartbeat. now_playing, which the web player sends with every heartbeat, is checked here.
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
    body.playback_errors === undefined &&
    (body.now_playing === undefined || body.now_playing === null || isPlainNowPlaying(body.now_playing)) &&
    (version === undefined || (typeof version === 'string' && version.length <= MAX_VERSION && !UNSAFE_REPORTED_CHARACTERS.test(version))) &&
    (scheduleState === undefined || scheduleStates.includes(scheduleState)) &&
    (configVersion === undefined || (typeof configVersion === 'number' && Number.isInteger(configVersion) && configVersion >= 0 && configVersion <= MAX_ID))
  );
}

const isId = (value: unknown) => typeof value === 'number' && Number.isInteger(value) && value >= 1 && value <= MAX_ID;

/** now_playing as NowPlaying accepts it: event and media ids, started_at an ISO date-time of the years 2000 to 9999. */
function isPlainNowPlaying(value: unknown): boolean {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
  const { event, media, started_at: startedAt } = value as Record<string, unknown>;
  if (!isId(event) || !isId(media) || typeof startedAt !== 'string' || startedAt.length > 40 || !STARTS_AS_DATE.test(startedAt)) return false;
  const time = Date.parse(startedAt);
  return time >= YEAR_2000 && time < YEAR_10000;
}

const STARTS_AS_DATE = /^\d{4}-\d{2}-\d{2}T/;
const YEAR_2000 = Date.UTC(2000, 0, 1);
const YEAR_10000 = Date.UTC(10000, 0, 1);
