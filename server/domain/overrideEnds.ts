import type { Db } from '../db/index.ts';
import { anyEndedOverride, claimEndedOverrides, findOverride, overrideDevices } from '../db/overrides.ts';
import { queueOverrideDevices } from '../db/schedules.ts';
import { emitEvent, wakeDeliveries } from '../webhooks/events.ts';
import { record } from './journal.ts';

/** An override that reached its end time, settled by this call. */
export interface EndedOverride {
  id: number;
  devices: number[];
}

/**
 * Ends the overrides whose end time has passed with the effects of a clear (issue 25, issue 29's `override.cleared`):
 * in one transaction with the claim, their devices are queued for compiling (each owing its player the `override`
 * notice, written with its compiled schedule), the journal records the end (no user), and the webhook event is queued.
 * The claim lets exactly one instance do it; a failure rolls the claim back, so the next turn tries again and nothing
 * is done twice. The caller compiles the queue.
 */
export async function settleEndedOverrides(db: Db): Promise<EndedOverride[]> {
  if (!(await anyEndedOverride(db))) return [];
  const ended = await db.transaction(async (tx) => {
    const t = tx as unknown as Db;
    const settled: EndedOverride[] = [];
    for (const { id, companyId } of await claimEndedOverrides(t)) {
      const devices = await overrideDevices(t, id);
      await queueOverrideDevices(t, devices, false);
      const override = await findOverride(t, id);
      await record(t, {
        userId: null,
        action: 'end',
        entity: 'override',
        entityId: id,
        company: companyId,
        detail: { devices: devices.length, ends_at: override?.ends_at ?? null },
        changes: { active: [true, false] },
      });
      await emitEvent(t, 'override.cleared', companyId, { override, reason: 'ended' });
      settled.push({ id, devices });
    }
    return settled;
  });
  if (ended.length) wakeDeliveries(db);
  return ended;
}
