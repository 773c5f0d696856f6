import { api, parseResponse } from './http.ts';
import { DevicePlayback, MediaPlayback } from './schemas/playback.ts';

export type { DevicePlayback, MediaPlayback };

/** GET /tvpi/devices/{id}/playback/: what the device can play, what it plays now and its latest skipped files. */
export async function getDevicePlayback(id: number): Promise<DevicePlayback> {
  return parseResponse(DevicePlayback, await api(`/tvpi/devices/${id}/playback/`));
}

/** GET /media/files/{id}/playback/: the devices playing the file now and those that had to skip it. */
export async function getMediaPlayback(id: number): Promise<MediaPlayback> {
  return parseResponse(MediaPlayback, await api(`/media/files/${id}/playback/`));
}
