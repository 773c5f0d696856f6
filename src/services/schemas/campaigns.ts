import { array, boolean, enums, integer, max, min, nullable, object, optional, refine, size, string, type, unknown, type Infer } from 'superstruct';
import { ApiDate, Id, Page, requiredString } from './common.ts';
import { DEVICE_POSITIONS } from './deviceEnums.ts';

/* Campaigns and their devices. Request bodies are strict `object`s; answers are `type`s (a newer server may add fields). */

/** List filters: events on and not all ended, every event ended, no events at all, some event not published. */
export const CAMPAIGN_FILTERS = ['active', 'expired', 'no_events', 'unpublished'] as const;
export type CampaignFilter = (typeof CAMPAIGN_FILTERS)[number];

export const MAX_CAMPAIGN_NAME = 200;
/** The largest participating set one PUT may carry. */
export const MAX_CAMPAIGN_DEVICES = 100_000;
/** The longest report period, in days (both ends included). */
export const MAX_REPORT_DAYS = 366;
/** The most spreadsheet values one match request may carry. */
export const MAX_MATCH_VALUES = 100_000;

const UserField = optional(nullable(min(max(integer(), 2147483647), 0)));
const CampaignName = size(requiredString, 1, MAX_CAMPAIGN_NAME);

/** POST /campaigns/create/ */
export const CampaignCreateBody = object({ name: CampaignName, screen_position: optional(enums(DEVICE_POSITIONS)), user: UserField, company: optional(nullable(Id)) });
export type CampaignCreateBody = Infer<typeof CampaignCreateBody>;

/** PUT /campaigns/{id}: any subset. */
export const CampaignUpdateBody = object({ name: optional(CampaignName), screen_position: optional(enums(DEVICE_POSITIONS)), user: UserField });
export type CampaignUpdateBody = Infer<typeof CampaignUpdateBody>;

export const Campaign = type({
  id: Id,
  name: string(),
  screen_position: enums(DEVICE_POSITIONS),
  active_devices: min(integer(), 0),
  deactivated_devices: min(integer(), 0),
  events_count: min(integer(), 0),
  /** Every event has ended (false without events). */
  expired: boolean(),
  has_unpublished: boolean(),
  published_at: nullable(string()),
  /** Screens waiting for a render of one of the campaign's files before they can play it (issue 24). */
  waiting_renders: optional(min(integer(), 0)),
  /** The owning company; null for campaigns from before companies owned them (only the administrator sees those). */
  company: optional(nullable(Id)),
  created_at: string(),
  updated_at: string(),
});
export type Campaign = Infer<typeof Campaign>;
export const CampaignPage = Page(Campaign);

export const CampaignListQuery = type({
  search: optional(size(string(), 0, 200)),
  status: optional(enums(CAMPAIGN_FILTERS)),
  screen_position: optional(enums(DEVICE_POSITIONS)),
});
export type CampaignListQuery = Infer<typeof CampaignListQuery>;

export const CAMPAIGN_SIDES = ['participating', 'available'] as const;
export type CampaignSide = (typeof CAMPAIGN_SIDES)[number];

/** PUT /campaigns/{id}/devices/: the whole participating set. */
/** Smart groups a campaign may target at most. */
export const MAX_CAMPAIGN_SMART_GROUPS = 50;
/**
 * The hand-picked devices, and (issue 41) the smart groups whose members take part too, always current: left out, the
 * campaign keeps the groups it targets.
 */
export const CampaignDevicesBody = object({
  devices: size(array(Id), 0, MAX_CAMPAIGN_DEVICES),
  smart_groups: optional(size(array(Id), 0, MAX_CAMPAIGN_SMART_GROUPS)),
  user: UserField,
});
export type CampaignDevicesBody = Infer<typeof CampaignDevicesBody>;

export const CampaignDevicesSaved = type({
  campaign: Id,
  devices: min(integer(), 0),
  added: min(integer(), 0),
  removed: min(integer(), 0),
  /** Issue 41: the groups it targets, and how many screens take part now (hand-picked or through a group). */
  smart_groups: optional(array(Id)),
  screens: optional(min(integer(), 0)),
});
export type CampaignDevicesSaved = Infer<typeof CampaignDevicesSaved>;

/** POST /campaigns/{id}/devices/match/: spreadsheet cells (serial numbers or MAC addresses) to devices. */
export const CampaignMatchBody = object({ values: size(array(size(string(), 0, 200)), 1, MAX_MATCH_VALUES) });
export type CampaignMatchBody = Infer<typeof CampaignMatchBody>;

/** A device a spreadsheet value named. */
export const MatchedDevice = type({ id: Id, sn: string(), mac: nullable(string()), name: string(), office_name: nullable(string()), status: string(), position: string() });

/**
 * The same test as `MatchedDevice.is`, written out (a property test holds the two equal): superstruct took about 0.3 s
 * to check the 10,000 devices of a large import in the browser, a third of the import.
 */
export function isMatchedDevice(value: unknown): boolean {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
  const device = value as Record<string, unknown>;
  const text = (field: unknown) => typeof field === 'string';
  const maybeText = (field: unknown) => field === null || typeof field === 'string';
  return (
    Number.isInteger(device.id) &&
    (device.id as number) >= 1 &&
    (device.id as number) <= 2147483647 &&
    text(device.sn) &&
    maybeText(device.mac) &&
    text(device.name) &&
    maybeText(device.office_name) &&
    text(device.status) &&
    text(device.position)
  );
}

/** Devices of the campaign's position a value named; the indices of values that named none, or a device of another position. */
export const CampaignMatch = type({
  devices: array(MatchedDevice),
  unmatched: array(min(integer(), 0)),
  mismatched: array(min(integer(), 0)),
});
/** CampaignMatch with its devices left to `isMatchedDevice`. */
export const CampaignMatchEnvelope = type({ devices: array(unknown()), unmatched: array(min(integer(), 0)), mismatched: array(min(integer(), 0)) });
export type CampaignMatch = Infer<typeof CampaignMatch>;

/** POST /campaigns/{id}/multiply/ */
export const MultiplyBody = object({ campaigns: size(array(Id), 1, 1000), user: UserField });
export type MultiplyBody = Infer<typeof MultiplyBody>;

export const MultiplyResult = type({ results: array(type({ campaign: Id, name: string(), added: min(integer(), 0), devices: min(integer(), 0) })) });
export type MultiplyResult = Infer<typeof MultiplyResult>;

const isoDate = ApiDate();

/** GET /campaigns/{id}/report/?from=&to=&lang= */
export const CampaignReportQuery = type({ from: isoDate, to: isoDate, lang: optional(enums(['en', 'ru'])) });
export type CampaignReportQuery = Infer<typeof CampaignReportQuery>;

/** Days from `from` to `to`, both included (0 or less when from is after to). */
export function periodDays(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000) + 1;
}

/** The report's sheet name by language (at most 31 characters, Excel's limit). */
export const REPORT_SHEET = { en: 'Campaign report', ru: 'Отчёт по кампании' } as const;

/** Report column widths in characters, in REPORT_HEADERS order. */
export const REPORT_WIDTHS = [20, 28, 24, 12, 10, 40, 20, 10, 18] as const;

/** Report column headers by language: exported files carry words, not codes. */
export const REPORT_HEADERS = {
  en: ['Serial number', 'Device', 'Office', 'Date', 'Events', 'Event titles', 'Planned minutes', 'Plays', 'Played minutes'],
  ru: ['Серийный номер', 'Устройство', 'Офис', 'Дата', 'События', 'Названия событий', 'Запланировано минут', 'Показы', 'Показано минут'],
} as const;
