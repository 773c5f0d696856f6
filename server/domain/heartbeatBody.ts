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
 * including any with schedule_expiry or acknowledged, goes to the schema, which stays the one definition of a valid
 * heartbeat.
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
    (version === undefined || (typeof version === 'string' && version.length <= MAX_VERSION && !UNSAFE_REPORTED_CHARACTERS.test(version))) &&
    (scheduleState === undefined || scheduleStates.includes(scheduleState)) &&
    (configVersion === undefined || (typeof configVersion === 'number' && Number.isInteger(configVersion) && configVersion >= 0 && configVersion <= MAX_ID))
  );
}
