import { array, integer, min, nullable, string, type, type Infer } from 'superstruct';
import { Id } from './common.ts';

/* Screenshots of the screens (issue 25): a SCREENSHOT command, the player's JPEG, the device card's view of the latest. */

/** The largest screenshot a player may upload (a 1920x1080 JPEG at the player's quality is about 300 KB). */
export const MAX_SCREENSHOT_BYTES = 2 * 1024 * 1024;

/** One kept screenshot; `link` is the image (GET, with the session). `command`: the SCREENSHOT it answers, when known. */
export const DeviceScreenshot = type({
  id: Id,
  taken_at: string(),
  bytes: min(integer(), 0),
  command: nullable(Id),
  requested_by: nullable(string()),
  link: string(),
});
export type DeviceScreenshot = Infer<typeof DeviceScreenshot>;

export const DeviceScreenshotList = type({ results: array(DeviceScreenshot) });
export type DeviceScreenshotList = Infer<typeof DeviceScreenshotList>;
