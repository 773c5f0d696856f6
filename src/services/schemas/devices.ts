import {
  array,
  assign,
  boolean,
  coerce,
  enums,
  integer,
  max,
  min,
  nullable,
  number,
  object,
  optional,
  pattern,
  refine,
  size,
  string,
  type,
  unknown,
  type Infer,
} from 'superstruct';
import { Id, inDateSpan, isRealDate, MAX_ID, Page, requiredString, SHEET_LANGUAGES, TimeZoneName, UNSAFE_REPORTED_CHARACTERS } from './common.ts';
import { DeviceCapabilities, isTimestamp, NowPlaying, PlaybackErrors } from './playback.ts';
import { BoundedIdParam, DEVICE_POSITIONS, DEVICE_STATUSES, DEVICE_TYPES, type DevicePosition, type DeviceStatus, type DeviceType } from './deviceEnums.ts';

/* Devices, their configs, the player protocol and the minimal company / branch-office shapes.
 * Request bodies are strict `object`s; response shapes are `type`s so that a newer server may add fields. */

// The positions, statuses and types are in ./deviceEnums.ts, which other areas' schemas import without this module.
export { DEVICE_POSITIONS, DEVICE_STATUSES, DEVICE_TYPES, type DevicePosition, type DeviceStatus, type DeviceType };
/** playback_errors: the player reports files it had to skip and plays nothing (issue 24). */
export const SCHEDULE_STATES = ['playing', 'waiting', 'not_found', 'playback_errors'] as const;
/** What a player reports of its screen in its heartbeat (issue 41): off during its power schedule's off hours. */
export const DISPLAY_STATES = ['on', 'off'] as const;
export type ScheduleState = (typeof SCHEDULE_STATES)[number];
/** Config profiles a new device's files are generated from (its "default config"). */
export const DEFAULT_CONFIGS = ['standard', 'kiosk', 'videowall'] as const;
export type DefaultConfig = (typeof DEFAULT_CONFIGS)[number];
/** SCREENSHOT: the player uploads a JPEG of what it shows (POST /player/screenshot/, issue 25). */
export const DEVICE_COMMANDS = ['REBOOT', 'SCREENSHOT'] as const;
export type DeviceCommand = (typeof DEVICE_COMMANDS)[number];

export const MAX_DEVICE_PHOTO_BYTES = 5 * 1024 * 1024;
export const DEVICE_PHOTO_TYPES = ['image/png', 'image/jpeg', 'image/webp'] as const;
export const MAX_CONFIG_BYTES = 256 * 1024;

export const SERIAL_PATTERN = /^[A-Za-z0-9][A-Za-z0-9._:-]{0,63}$/;
export const MAC_PATTERN = /^(?:[0-9A-F]{2}:){5}[0-9A-F]{2}$/;
export const DATE_PATTERN = /^\d{4}-\d{2}-\d{2}$/;
export const CONFIG_PATH_PATTERN = /^\/[A-Za-z0-9._@+-]+(?:\/[A-Za-z0-9._@+-]+)*$/;

/** "aa-bb-cc-dd-ee-ff", "aabb.ccdd.eeff" or "AABBCCDDEEFF" -> "AA:BB:CC:DD:EE:FF"; anything else is returned trimmed. */
export function normalizeMac(value: string): string {
  const trimmed = value.trim();
  const hex = trimmed.replace(/[:.-]/g, '');
  if (/^[0-9A-Fa-f]{12}$/.test(hex) && /^(?:[0-9A-Fa-f]{2}([:-]?)(?:[0-9A-Fa-f]{2}\1){4}[0-9A-Fa-f]{2}|[0-9A-Fa-f]{4}\.[0-9A-Fa-f]{4}\.[0-9A-Fa-f]{4})$/.test(trimmed)) {
    return hex.toUpperCase().match(/.{2}/g)!.join(':');
  }
  return trimmed;
}

/**
 * Dotted-quad IPv4: four parts of 0 to 255 written without a leading zero. One pass over the characters, no split and
 * no regular expression per part: every heartbeat checks the address its player reports (about 2 µs less a beat).
 */
export function isIPv4(value: string): boolean {
  let dots = 0;
  let digits = 0;
  let part = 0;
  for (let i = 0; i < value.length; i += 1) {
    const c = value.charCodeAt(i);
    if (c === 46) {
      if (digits === 0 || ++dots > 3) return false;
      digits = 0;
      part = 0;
    } else if (c >= 48 && c <= 57) {
      if (digits === 1 && part === 0) return false; // a leading zero
      digits += 1;
      part = part * 10 + (c - 48);
      if (part > 255) return false;
    } else return false;
  }
  return dots === 3 && digits > 0;
}

export function isIPv6(value: string): boolean {
  if (!/^[0-9A-Fa-f:.]+$/.test(value) || value.length > 45) return false;
  const halves = value.split('::');
  if (halves.length > 2) return false;
  const groupsOf = (text: string) => (text === '' ? [] : text.split(':'));
  const head = groupsOf(halves[0]!);
  const tail = halves.length === 2 ? groupsOf(halves[1]!) : [];
  const all = [...head, ...tail];
  let slots = all.length;
  const last = all.at(-1);
  if (last !== undefined && last.includes('.')) {
    if (!isIPv4(last)) return false;
    all.pop();
    slots += 1; // an embedded IPv4 address fills two groups
  }
  if (!all.every((group) => /^[0-9A-Fa-f]{1,4}$/.test(group))) return false;
  return halves.length === 2 ? slots <= 7 : slots === 8;
}

export const isIpAddress = (value: string) => isIPv4(value) || isIPv6(value);

const isCalendarDate = isRealDate;

/** An id from a path or query string ("12"), within the range of an integer column (a larger one would fail in SQL). */
export { BoundedIdParam };

/** An instant of the API's rule (common.ts) between the years 2000 and 9999 in UTC (playback.ts's Timestamp). */
export { isTimestamp };

const blankToNull = (value: string) => (value.trim() === '' ? null : value.trim());

/** A serial number: required, trimmed, letters, digits and . _ : - (at most 64). */
export const SerialNumber = coerce(size(pattern(requiredString, SERIAL_PATTERN), 1, 64), string(), (value) => value.trim());
/** A MAC address in any usual notation, normalised to upper-case colon form; '' means none. */
export const MacAddress = coerce(nullable(pattern(string(), MAC_PATTERN)), string(), (value) => {
  const blank = blankToNull(value);
  return blank === null ? null : normalizeMac(blank);
});
// The refinement is named 'pattern' so the error code is invalid_format, like the other format checks.
export const IpAddress = coerce(nullable(refine(string(), 'pattern', isIpAddress)), string(), blankToNull);
export const CalendarDate = coerce(inDateSpan(nullable(refine(string(), 'pattern', isCalendarDate))), string(), blankToNull);
const BoundedText = (maxLength: number) => size(string(), 0, maxLength);
/**
 * Control characters (C0 but tab, DEL, C1) and the invisible bidirectional marks, embeddings, overrides and isolates
 * (U+061C, U+200E-F, U+202A-E, U+2066-9): text a player reports is shown as is in the device list and its xlsx, where
 * these would ring, hide or reverse what surrounds them.
 */
export { UNSAFE_REPORTED_CHARACTERS };
/** Free text a player reports (version, ...): at most `maxLength`, none of UNSAFE_REPORTED_CHARACTERS (invalid_characters). */
export const ReportedText = (maxLength: number) => refine(BoundedText(maxLength), 'characters', (value) => !UNSAFE_REPORTED_CHARACTERS.test(value));
/** The spec sends user: 1 with every write; accepted as sent. */
const UserField = optional(nullable(min(max(integer(), 2147483647), 0)));

const editableFields = {
  mac: optional(MacAddress),
  name: optional(BoundedText(100)),
  office: optional(nullable(Id)),
  device_type: optional(enums(DEVICE_TYPES)),
  default_config: optional(enums(DEFAULT_CONFIGS)),
  screen_type: optional(BoundedText(100)),
  description: optional(BoundedText(1000)),
  mount_date: optional(CalendarDate),
  warranty: optional(CalendarDate),
  position: optional(enums(DEVICE_POSITIONS)),
  ip: optional(IpAddress),
  is_active: optional(boolean()),
  user: UserField,
  /** Free text, checked by normalizeTags (./deviceTags.ts): 400 too_many_tags, tag_too_long or invalid_tag beyond. */
  tags: optional(size(array(string()), 0, 200)),
};

/** POST /tvpi/devices/create/ */
export const DeviceCreateBody = object({ sn: SerialNumber, ...editableFields });
export type DeviceCreateBody = Infer<typeof DeviceCreateBody>;

/** PUT /tvpi/devices/{id}: any subset of the editable fields. */
export const DeviceUpdateBody = object({ sn: optional(SerialNumber), ...editableFields });
export type DeviceUpdateBody = Infer<typeof DeviceUpdateBody>;

export const Device = type({
  id: Id,
  sn: string(),
  mac: nullable(string()),
  name: string(),
  office: nullable(Id),
  office_name: nullable(string()),
  company: nullable(Id),
  company_name: nullable(string()),
  device_type: string(),
  default_config: string(),
  screen_type: string(),
  description: string(),
  mount_date: nullable(string()),
  warranty: nullable(string()),
  position: enums(DEVICE_POSITIONS),
  ip: nullable(string()),
  last_connection: nullable(string()),
  schedule_expiry: nullable(string()),
  version: string(),
  status: enums(DEVICE_STATUSES),
  schedule_state: enums(SCHEDULE_STATES),
  is_active: boolean(),
  photo: nullable(string()),
  key: string(),
  user: nullable(number()),
  created_at: string(),
  /** Issue 41; a server before it sends none. */
  tags: optional(array(string())),
  /** What the player last reported of its screen (issue 41's power schedules): on, off (blanked by its schedule), or never said. */
  display: optional(nullable(enums(DISPLAY_STATES))),
  /** The screen is off by its power schedule: the player reports it off, or it is silent within its off hours ("Screen off (schedule)"). */
  screen_off: optional(boolean()),
});
export type Device = Infer<typeof Device>;
export const DevicePage = Page(Device);
/** A page of the device list: `count` is exact up to 1,000 matches past the page's start; past that `count_exact` is false. */
export const DeviceListPage = assign(Page(Device), object({ count_exact: boolean() }));
export type DeviceListPage = Infer<typeof DeviceListPage>;

/** Query of GET /tvpi/devices/, /tvpi/devices/office-devices/{id} and /tvpi/devices-xslx/. */
export const DeviceListQuery = type({
  search: optional(BoundedText(200)),
  status: optional(enums(DEVICE_STATUSES)),
  schedule: optional(enums(SCHEDULE_STATES)),
  type: optional(enums(DEVICE_TYPES)),
  company: optional(BoundedIdParam),
  office: optional(BoundedIdParam),
  position: optional(enums(DEVICE_POSITIONS)),
  /** Devices with any of these tags (comma-separated, case-insensitive). */
  tags: optional(BoundedText(1000)),
  /** Devices with all of these tags. */
  tags_all: optional(BoundedText(1000)),
});
export type DeviceListQuery = Infer<typeof DeviceListQuery>;

export const DeviceStatistics = type({ active: min(integer(), 0), deactive: min(integer(), 0) });
export type DeviceStatistics = Infer<typeof DeviceStatistics>;

export const DeviceCheck = type({ id: Id, ready: boolean(), status: enums(DEVICE_STATUSES), last_connection: nullable(string()) });
export type DeviceCheck = Infer<typeof DeviceCheck>;

export const ChangeActiveBody = object({ is_active: optional(boolean()), user: UserField });
export type ChangeActiveBody = Infer<typeof ChangeActiveBody>;

export const SendCommandBody = object({ command: enums(DEVICE_COMMANDS), user: UserField });
export type SendCommandBody = Infer<typeof SendCommandBody>;

export const QueuedCommand = type({ id: Id, device: Id, command: enums(DEVICE_COMMANDS), status: enums(['queued']), created_at: string() });
export type QueuedCommand = Infer<typeof QueuedCommand>;

/** GET /scheduler/dev2/{id}: defined with the scheduler's schemas. */
export { DeviceSchedule } from './scheduler.ts';

export const DeviceConfig = type({
  id: Id,
  device: Id,
  name: string(),
  path: string(),
  content: string(),
  updated_at: string(),
});
export type DeviceConfig = Infer<typeof DeviceConfig>;
export const DeviceConfigList = array(DeviceConfig);

export const ConfigUpdateBody = object({
  content: size(string(), 0, MAX_CONFIG_BYTES),
  name: optional(size(string(), 1, 100)),
  path: optional(size(pattern(string(), CONFIG_PATH_PATTERN), 2, 255)),
  user: UserField,
});
export type ConfigUpdateBody = Infer<typeof ConfigUpdateBody>;

/* Player protocol. The serial and key come in X-Device-Serial / X-Device-Key or in the body. */

export const PlayerHelloBody = type({
  serial: SerialNumber,
  key: optional(size(string(), 1, 200)),
  mac: optional(MacAddress),
  ip: optional(IpAddress),
  version: optional(ReportedText(64)),
  /** What the player decodes and shows (docs/api.md, "Renditions"): stored on the device. */
  capabilities: optional(DeviceCapabilities),
});
export type PlayerHelloBody = Infer<typeof PlayerHelloBody>;

export const PlayerHelloAnswer = type({
  status: enums(['registered', 'adopted', 'pending']),
  device: optional(Id),
  key: optional(string()),
  heartbeat_seconds: optional(integer()),
  schedule_version: optional(integer()),
});
export type PlayerHelloAnswer = Infer<typeof PlayerHelloAnswer>;

export const PlayerHeartbeatBody = type({
  serial: SerialNumber,
  key: size(string(), 1, 200),
  ip: optional(IpAddress),
  version: optional(ReportedText(64)),
  schedule_state: optional(enums(SCHEDULE_STATES)),
  schedule_expiry: optional(nullable(refine(string(), 'pattern', isTimestamp))),
  /** The screen as the player shows it: off in its power schedule's off hours (issue 41). */
  display: optional(enums(DISPLAY_STATES)),
  /** The config_version the player holds: configs are answered only when it differs. */
  config_version: optional(min(max(integer(), MAX_ID), 0)),
  /** Ids of delivered commands the player has carried out. */
  acknowledged: optional(size(array(Id), 0, 100)),
  /** Sent when they change (and at hello). */
  capabilities: optional(DeviceCapabilities),
  /** What plays now (null: nothing). */
  now_playing: optional(nullable(NowPlaying)),
  /** Files skipped since the last heartbeat, with the reason. */
  playback_errors: optional(PlaybackErrors),
});
export type PlayerHeartbeatBody = Infer<typeof PlayerHeartbeatBody>;

export const PlayerConfigFile = type({ id: Id, name: string(), path: string(), content: string(), updated_at: string() });
export const PlayerHeartbeatAnswer = type({
  device: Id,
  commands: array(type({ id: Id, command: enums(DEVICE_COMMANDS), created_at: string() })),
  schedule_version: integer(),
  config_version: integer(),
  /** The device's config files, or null when the player's config_version is current. */
  configs: nullable(array(PlayerConfigFile)),
});
export type PlayerHeartbeatAnswer = Infer<typeof PlayerHeartbeatAnswer>;

export const PendingClient = type({
  id: Id,
  serial: string(),
  mac: nullable(string()),
  ip: nullable(string()),
  version: string(),
  hello_count: integer(),
  first_seen: string(),
  last_seen: string(),
});
export type PendingClient = Infer<typeof PendingClient>;
export const PendingClientPage = Page(PendingClient);

/* Company and branch office: a device's location (the hierarchy's own schemas live in ./company.ts). */

export { Company, CompanyPage, Office, OfficePage } from './company.ts';

/* The xlsx download (`GET /tvpi/devices-xslx/`): the list filters plus the sheet's language and time zone. */

// The sheet's languages and time zone are in ./common.ts: the journal's download takes them too (issue 37).
export { SHEET_LANGUAGES, TimeZoneName };

/** The sheet's columns, in order; each is headed by the translation `devices:fields.<key>`. */
export const DEVICE_SHEET_KEYS = [
  'id', 'sn', 'mac', 'name', 'company', 'office', 'device_type', 'screen_type', 'position', 'ip', 'status', 'schedule_state',
  'last_connection', 'schedule_expiry', 'version', 'is_active', 'mount_date', 'warranty', 'description', 'tags',
] as const;
export type DeviceSheetKey = (typeof DEVICE_SHEET_KEYS)[number];

/** PUT /tvpi/devices/tags/: the spreadsheet import of tags, a row per serial number (its tags replace the device's). */
export const DeviceTagsImportBody = object({
  rows: size(array(object({ sn: size(string(), 1, 200), tags: size(array(string()), 0, 200) })), 1, 10_000),
  user: UserField,
});
export type DeviceTagsImportBody = Infer<typeof DeviceTagsImportBody>;
export const DeviceTagsImportAnswer = type({ updated: integer(), unmatched: array(integer()) });
export type DeviceTagsImportAnswer = Infer<typeof DeviceTagsImportAnswer>;

export const DeviceSheetQuery = assign(DeviceListQuery, type({ lang: optional(enums(SHEET_LANGUAGES)), tz: optional(TimeZoneName) }));
export type DeviceSheetQuery = Infer<typeof DeviceSheetQuery>;
