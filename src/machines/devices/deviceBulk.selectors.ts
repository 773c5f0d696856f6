import { normalizeTags, tagsOfText } from '../../services/schemas/deviceTags.ts';
import { BULK_ACTION_NEEDS, type BulkAction, type Job } from '../../services/schemas/deviceJobs.ts';
import type { DeviceFilters } from '../../services/devices.service.ts';
import type { BulkTarget } from '../../services/deviceJobs.service.ts';

/** Which devices the dialog acts on: the ticked ones, all matching the list's filters, or a smart group's members. */
export type BulkTargetKind = 'picked' | 'filter' | 'group';

/** What the bulk flow knows of its choice (the machine's context without its job). */
export interface BulkChoice {
  picked: number[];
  filters: DeviceFilters;
  target: BulkTargetKind;
  group: number | null;
  action: BulkAction;
  tags: string;
  office: number | null;
  campaign: number | null;
}

/**
 * What keeps the action from starting, field by field (i18n code under devices:bulk.problems): no device chosen, the
 * parameter the action needs, the tag rules the server holds too (at most 20, 40 characters, no comma).
 */
export function bulkProblems(choice: BulkChoice): Record<string, string> {
  const problems: Record<string, string> = {};
  if (choice.target === 'picked' && !choice.picked.length) problems.target = 'nothing_picked';
  if (choice.target === 'group' && choice.group === null) problems.group = 'required';
  const need = BULK_ACTION_NEEDS[choice.action];
  if (need === 'tags') {
    const tags = normalizeTags(tagsOfText(choice.tags));
    if (!tags.ok) problems.tags = tags.reason;
    else if (!tags.tags.length) problems.tags = 'required';
  }
  if (need === 'office' && choice.office === null) problems.office = 'required';
  if (need === 'campaign' && choice.campaign === null) problems.campaign = 'required';
  return problems;
}

/** The request of the chosen action (only what the action needs beside its devices). */
export function bulkRequest(choice: BulkChoice): { action: BulkAction; tags?: string[]; office?: number; campaign?: number } & BulkTarget {
  const target: BulkTarget =
    choice.target === 'picked' ? { devices: choice.picked } : choice.target === 'group' ? { smart_group: choice.group! } : { filter: withoutEmpty(choice.filters) };
  const need = BULK_ACTION_NEEDS[choice.action];
  const tags = normalizeTags(tagsOfText(choice.tags));
  return {
    action: choice.action,
    ...target,
    ...(need === 'tags' && tags.ok ? { tags: tags.tags } : {}),
    ...(need === 'office' && choice.office !== null ? { office: choice.office } : {}),
    ...(need === 'campaign' && choice.campaign !== null ? { campaign: choice.campaign } : {}),
  };
}

function withoutEmpty(filters: DeviceFilters): DeviceFilters {
  return Object.fromEntries(Object.entries(filters).filter(([, value]) => value !== undefined && value !== '')) as DeviceFilters;
}

/** Whether a job has ended (done or cancelled): its failures are then known. */
export const jobOver = (job: Job) => job.status === 'done' || job.status === 'cancelled';

/** The share of a job done, 0 to 1 (a job of no device is done). */
export const jobShare = (job: Job) => (job.total ? Math.min(1, job.done / job.total) : 1);
