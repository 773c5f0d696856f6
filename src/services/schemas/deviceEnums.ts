import { coerce, integer, max, min, string } from 'superstruct';

/*
 * The devices' positions, statuses and types and the bounded id of a query, which other areas' schemas (media,
 * timeline) take too: a module of their own, so that those areas' screens do not load the device schemas, and the
 * playback and scheduler ones behind them, for a few names (issue 37). ./devices.ts re-exports them.
 */

export const DEVICE_POSITIONS = ['horizontal', 'vertical', 'unknown'] as const;
export type DevicePosition = (typeof DEVICE_POSITIONS)[number];
export const DEVICE_STATUSES = ['online', 'offline', 'disabled'] as const;
export type DeviceStatus = (typeof DEVICE_STATUSES)[number];
/** `web`: the web player (player/index.html) in a browser, as adopted from /clients. */
export const DEVICE_TYPES = ['tvpi', 'android', 'windows', 'webos', 'tizen', 'web'] as const;
export type DeviceType = (typeof DEVICE_TYPES)[number];

/** An id from a path or query string ("12"), within the range of an integer column (a larger one would fail in SQL). */
export const BoundedIdParam = coerce(min(max(integer(), 2147483647), 1), string(), (value) => (/^\d{1,10}$/.test(value) ? Number(value) : Number.NaN));
