import { api, parseResponse } from './http.ts';
import { DevicePower, OfficePower, type DevicePowerMode, type PowerSchedule } from './schemas/power.ts';
import { writeOutcome, type WriteOutcome } from './writeOutcome.ts';

export type { DevicePower, OfficePower };

/** `GET /branch-offices/{id}/power/`: the office's screen hours (null: always on). */
export async function getOfficePower(office: number): Promise<OfficePower> {
  return parseResponse(OfficePower, await api(`/branch-offices/${office}/power/`));
}

/** `PUT /branch-offices/{id}/power/`; refusals (power_spans_overlap ...) resolve with their fields under `schedule.`. */
export function saveOfficePower(office: number, schedule: PowerSchedule | null): Promise<WriteOutcome<OfficePower>> {
  return writeOutcome(api(`/branch-offices/${office}/power/`, { method: 'PUT', body: { schedule } }).then((answer) => parseResponse(OfficePower, answer)));
}

/** `GET /tvpi/devices/{id}/power/`: the device's choice, its office's hours and the ones that apply. */
export async function getDevicePower(device: number): Promise<DevicePower> {
  return parseResponse(DevicePower, await api(`/tvpi/devices/${device}/power/`));
}

export function saveDevicePower(device: number, mode: DevicePowerMode, schedule: PowerSchedule | null): Promise<WriteOutcome<DevicePower>> {
  return writeOutcome(
    api(`/tvpi/devices/${device}/power/`, { method: 'PUT', body: { mode, ...(mode === 'own' ? { schedule } : {}) } }).then((answer) => parseResponse(DevicePower, answer)),
  );
}
