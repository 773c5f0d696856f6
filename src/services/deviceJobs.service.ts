import { api, parseResponse } from './http.ts';
import type { DeviceFilters } from './devices.service.ts';
import { Job, JobPage, type BulkAction, type DeviceBulkBody } from './schemas/deviceJobs.ts';
import { writeOutcome, type WriteOutcome } from './writeOutcome.ts';

export type { BulkAction, Job };

/** Which devices a bulk action takes: the ticked ones, all matching the list's filters, or a smart group's members. */
export type BulkTarget = { devices: number[] } | { filter: DeviceFilters } | { smart_group: number };

/** POST /tvpi/devices/bulk/: the job, or the refusal (400: no devices, an unknown office or campaign, tag rules) to say in words. */
export function startBulkJob(body: Omit<DeviceBulkBody, 'devices' | 'filter' | 'smart_group'> & BulkTarget): Promise<WriteOutcome<Job>> {
  return writeOutcome(api('/tvpi/devices/bulk/', { method: 'POST', body }).then((answer) => parseResponse(Job, answer)));
}

/** GET /jobs/{id}/: the job's progress, and its failures once it is over. */
export async function readJob(id: number): Promise<Job> {
  return parseResponse(Job, await api(`/jobs/${id}/`));
}

/** GET /jobs/?active=1: the user's newest job still running (after a reload the page goes on showing it), or null. */
export async function findActiveJob(): Promise<Job | null> {
  return parseResponse(JobPage, await api('/jobs/', { query: { active: 1, page_size: 1 } })).results[0] ?? null;
}

/** POST /jobs/{id}/cancel/: no further batch starts; answers the job. */
export async function cancelJob(id: number): Promise<Job> {
  return parseResponse(Job, await api(`/jobs/${id}/cancel/`, { method: 'POST' }));
}
