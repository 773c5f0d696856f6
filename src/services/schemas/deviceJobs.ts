import { array, enums, integer, max, min, nullable, object, optional, size, string, type, type Infer } from 'superstruct';
import { Id, Page } from './common.ts';
import { DeviceListQuery } from './devices.ts';
import { MAX_DEVICE_TAGS } from './deviceTags.ts';

/* Bulk actions over devices (issue 41): one request makes a job that the server runs in batches (GET /jobs/{id}/). */

export const BULK_ACTIONS = ['reboot', 'screenshot', 'add_tags', 'remove_tags', 'move_office', 'activate', 'deactivate', 'add_to_campaign'] as const;
export type BulkAction = (typeof BULK_ACTIONS)[number];
/** What a job's action needs beside its devices. */
export const BULK_ACTION_NEEDS: Record<BulkAction, 'tags' | 'office' | 'campaign' | null> = {
  reboot: null,
  screenshot: null,
  add_tags: 'tags',
  remove_tags: 'tags',
  move_office: 'office',
  activate: null,
  deactivate: null,
  add_to_campaign: 'campaign',
};
/**
 * Why one device of a job failed: absent or outside the caller's scope (`not_found`, nothing leaks), the caller lost the
 * right meanwhile (`forbidden`), a command to a disabled device (`device_disabled`), more than 20 tags (`too_many_tags`),
 * a campaign of another screen position (`position_mismatch`) or one deleted meanwhile (`campaign_not_found`), the office
 * deleted meanwhile (`office_not_found`).
 */
export const BULK_FAILURE_REASONS = ['not_found', 'forbidden', 'device_disabled', 'too_many_tags', 'position_mismatch', 'campaign_not_found', 'office_not_found'] as const;
export type BulkFailureReason = (typeof BULK_FAILURE_REASONS)[number];
export const JOB_STATUSES = ['queued', 'running', 'done', 'cancelled'] as const;
export type JobStatus = (typeof JOB_STATUSES)[number];
/** The most devices one job may act on (a selection by filter or smart group beyond is refused: too_many_devices). */
export const MAX_BULK_DEVICES = 100_000;
/** The most devices a ticked selection names. */
export const MAX_BULK_PICKED = 10_000;
/** The failures a job's answer lists (the count is `failed`). */
export const MAX_LISTED_FAILURES = 1000;

/** The list's filters as the body of a bulk action names them ("all N matching the filter"). */
export const BulkFilter = object(DeviceListQuery.schema);

/** POST /tvpi/devices/bulk/: the action and exactly one way of choosing the devices. */
export const DeviceBulkBody = object({
  action: enums(BULK_ACTIONS),
  devices: optional(size(array(Id), 1, MAX_BULK_PICKED)),
  filter: optional(BulkFilter),
  smart_group: optional(Id),
  tags: optional(size(array(size(string(), 0, 200)), 1, MAX_DEVICE_TAGS)),
  office: optional(Id),
  campaign: optional(Id),
  user: optional(nullable(min(max(integer(), 2147483647), 0))),
});
export type DeviceBulkBody = Infer<typeof DeviceBulkBody>;

export const JobFailure = type({ device: Id, sn: nullable(string()), name: nullable(string()), reason: string() });
export type JobFailure = Infer<typeof JobFailure>;

/** A job as GET /jobs/{id}/ answers it; `failures` (the first 1,000, by device id) once it is over, else []. */
export const Job = type({
  id: Id,
  kind: string(),
  action: enums(BULK_ACTIONS),
  status: enums(JOB_STATUSES),
  total: min(integer(), 0),
  done: min(integer(), 0),
  failed: min(integer(), 0),
  params: type({ tags: optional(array(string())), office: optional(Id), campaign: optional(Id) }),
  created_at: string(),
  finished_at: nullable(string()),
  failures: array(JobFailure),
});
export type Job = Infer<typeof Job>;
export const JobPage = Page(Job);
export type JobPage = Infer<typeof JobPage>;

/** GET /jobs/: `active=1` only the unfinished ones (the devices page finds its running job again after a reload). */
export const JobListQuery = type({ active: optional(enums(['1', 'true', '0', 'false'])) });
