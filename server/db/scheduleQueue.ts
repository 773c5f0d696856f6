import { sql } from 'drizzle-orm';

/**
 * What queues a device for compiling when it may be queued already: a row a compile holds (taken_at) or one waiting
 * out a failure (retry_at) is queued afresh, so the change is compiled even if that compile has read before it
 * (migration 0040; the triggers that queue do the same).
 */
export const REQUEUE = sql`ON CONFLICT (device_id) DO UPDATE SET taken_at = NULL, retry_at = NULL, queued_at = now()
  WHERE schedule_dirty.taken_at IS NOT NULL OR schedule_dirty.retry_at IS NOT NULL`;
