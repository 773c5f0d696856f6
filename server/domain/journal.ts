import type { Db } from '../db/index.ts';
import { journal } from '../db/schema.ts';

export type JournalAction = 'create' | 'update' | 'delete' | 'login' | 'logout' | string;

/** Records who changed what; every write through the API calls this. */
export async function record(
  db: Db,
  entry: { userId: number | null; action: JournalAction; entity: string; entityId?: string | number | null; detail?: Record<string, unknown> },
): Promise<void> {
  await db.insert(journal).values({
    userId: entry.userId,
    action: entry.action,
    entity: entry.entity,
    entityId: entry.entityId == null ? null : String(entry.entityId),
    detail: entry.detail ?? {},
  });
}
