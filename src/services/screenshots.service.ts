import { api, parseResponse } from './http.ts';
import { QueuedCommand } from './schemas/devices.ts';
import { DeviceScreenshotList } from './schemas/screenshots.ts';

/** GET /tvpi/devices/{id}/screenshots/: the kept screenshots of a device, newest first. */
export async function listScreenshots(deviceId: number): Promise<DeviceScreenshotList> {
  return parseResponse(DeviceScreenshotList, await api(`/tvpi/devices/${deviceId}/screenshots/`));
}

/** POST /tvpi/devices/{id}/send-command with SCREENSHOT: the screen answers with a screenshot. */
export async function requestScreenshot(deviceId: number): Promise<QueuedCommand> {
  return parseResponse(QueuedCommand, await api(`/tvpi/devices/${deviceId}/send-command`, { method: 'POST', body: { command: 'SCREENSHOT', user: 1 } }));
}
