import type { DeviceFilters } from '../../services/devices.service.ts';
import type { Override } from '../../services/schemas/overrides.ts';
import type { SnapshotFrom } from 'xstate';
import type { deviceOverridesMachine, OverrideDraft, OverrideFields } from './deviceOverrides.machine.ts';

/** Whether an override reaches a device (by its id, its office or its company), as the server resolves it. */
export function reaches(override: Pick<Override, 'targets'>, device: { id: number; office: number | null; company: number | null }): boolean {
  const { kind, ids } = override.targets;
  if (kind === 'devices') return ids.includes(device.id);
  if (kind === 'offices') return device.office !== null && ids.includes(device.office);
  return device.company !== null && ids.includes(device.company);
}

/** The override playing on a device: the newest running one that reaches it (lists come newest first). */
export function overrideOf(overrides: readonly Override[], device: { id: number; office: number | null; company: number | null }): Override | null {
  return overrides.find((override) => reaches(override, device)) ?? null;
}

/**
 * What an override started from the device list targets: the office or the company the list is filtered by when no
 * other filter narrows it (every screen there, `total` of them), else the devices shown on the page.
 */
export function listDraft(filters: DeviceFilters, shown: readonly { id: number; name: string; sn: string }[], total: number): OverrideDraft | null {
  const narrowed = ['search', 'status', 'schedule', 'type', 'position'].some((key) => {
    const value = filters[key as keyof DeviceFilters];
    return value !== undefined && value !== '';
  });
  if (!narrowed && filters.office !== undefined) return { targets: { kind: 'offices', ids: [filters.office] }, screens: total };
  if (!narrowed && filters.company !== undefined) return { targets: { kind: 'company', ids: [filters.company] }, screens: total };
  if (!shown.length) return null;
  return { targets: { kind: 'devices', ids: shown.map((device) => device.id) }, screens: shown.length };
}

/** The problem of the start form's fields, or null when they may be sent (`now`: ms since the epoch). */
export function overrideFieldProblem(fields: OverrideFields, now: number): 'content_required' | 'override_end_invalid' | 'override_end_in_past' | null {
  if (fields[fields.content] === null) return 'content_required';
  if (fields.until !== '') {
    // Only a whole local date and time: an unfinished entry ("12/31/2026" without its time) is not read as a guess.
    if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/.test(fields.until)) return 'override_end_invalid';
    const end = Date.parse(fields.until);
    if (Number.isNaN(end)) return 'override_end_invalid';
    if (end <= now) return 'override_end_in_past';
  }
  return null;
}

/** The body of POST /overrides/create/ for a draft and its fields (`until` is local wall time, `YYYY-MM-DDTHH:MM`). */
export function overrideBody(draft: OverrideDraft, fields: OverrideFields) {
  const { kind, ids } = draft.targets;
  return {
    ...(kind === 'company' ? { company: ids[0]! } : { [kind]: [...ids] }),
    [fields.content]: fields[fields.content]!,
    ends_at: fields.until === '' ? null : new Date(fields.until).toISOString(),
  };
}

/** The override composer is open: choosing what and until when, confirming, or starting. */
export function selectComposing(snapshot: SnapshotFrom<typeof deviceOverridesMachine>): boolean {
  return snapshot.matches('composing') || snapshot.matches('confirming') || snapshot.matches('starting');
}
