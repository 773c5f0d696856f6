import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../db/index.ts';
import { journal } from '../db/schema.ts';
import { requestContext } from '../requestContext.ts';

export type JournalAction = 'create' | 'update' | 'delete' | 'login' | 'logout' | string;

/** What changed in one write: field -> [before, after]. */
export type Changes = Record<string, [unknown, unknown]>;

type Snapshot = object | null | undefined;

export interface JournalRecord {
  userId: number | null;
  action: JournalAction;
  entity: string;
  entityId?: string | number | null;
  /** Free-form context kept in the database (not part of the journal's answer). */
  detail?: Record<string, unknown>;
  /** What changed, field by field; merged over what `before`/`after` give. */
  changes?: Changes;
  /** The entity before the write (absent or null for a create). */
  before?: Snapshot;
  /** The entity after the write (absent or null for a delete). */
  after?: Snapshot;
  /** With before/after: the only fields compared (default every field either side has). */
  fields?: readonly string[];
  /** The owning company, when the caller knows it; else found from the entity (see ownerOf). */
  company?: number | null;
}

const numeric = (value: unknown): number | null => {
  const text = value == null ? '' : String(value);
  return /^\d{1,9}$/.test(text) ? Number(text) : null;
};

/**
 * The company owning an entity, as a scalar subquery, for the entities that have one (null for users, groups,
 * sessions ...). The id is the entity's own, or for a config or a track the device or playlist the detail names.
 */
const OWNERS: Record<string, (id: number) => SQL> = {
  device: (id) => sql`SELECT o.company_id FROM devices d JOIN offices o ON o.id = d.office_id WHERE d.id = ${id}`,
  device_navigation: (id) => OWNERS.device!(id),
  media_file: (id) => sql`SELECT company_id FROM media_files WHERE id = ${id}`,
  playlist: (id) => sql`SELECT company_id FROM playlists WHERE id = ${id}`,
  layout: (id) => sql`SELECT company_id FROM layouts WHERE id = ${id}`,
  campaign: (id) => sql`SELECT company_id FROM campaigns WHERE id = ${id}`,
  event: (id) => sql`SELECT c.company_id FROM events ev JOIN campaigns c ON c.id = ev.campaign_id WHERE ev.id = ${id}`,
  company: (id) => sql`SELECT id FROM companies WHERE id = ${id}`,
  department: (id) => sql`SELECT company_id FROM departments WHERE id = ${id}`,
  office: (id) => sql`SELECT company_id FROM offices WHERE id = ${id}`,
  override: (id) => sql`SELECT company_id FROM overrides WHERE id = ${id}`,
  navigation_object: (id) => sql`SELECT o.company_id FROM navigation_objects n JOIN offices o ON o.id = n.office_id WHERE n.id = ${id}`,
  navigation_marker: (id) =>
    sql`SELECT o.company_id FROM navigation_markers m JOIN navigation_objects n ON n.id = m.object_id JOIN offices o ON o.id = n.office_id WHERE m.id = ${id}`,
};
/** Entities journaled under another object's id in their detail: a device's config, a playlist's track. */
const OWNED_THROUGH: Record<string, { detail: string; owner: string }> = {
  device_config: { detail: 'device', owner: 'device' },
  playlist_track: { detail: 'playlist', owner: 'playlist' },
};

/**
 * The entry's company (migration 0021), found in the same statement as the insert: the owner now, else (a deleted
 * object) the company its newest earlier entry recorded; null for entities without a company.
 */
export function ownerOf(entry: Pick<JournalRecord, 'entity' | 'entityId' | 'detail' | 'company'>): SQL | number | null {
  if (entry.company !== undefined) return entry.company;
  const through = OWNED_THROUGH[entry.entity];
  const id = through ? numeric(entry.detail?.[through.detail]) : numeric(entry.entityId);
  const owner = OWNERS[through?.owner ?? entry.entity];
  if (id === null || !owner) return null;
  const [entity, entityId] = through ? [through.owner, String(id)] : [entry.entity, String(entry.entityId)];
  return sql`COALESCE((${owner(id)}), (SELECT company_id FROM journal WHERE entity = ${entity} AND entity_id = ${entityId} AND company_id IS NOT NULL ORDER BY id DESC LIMIT 1))`;
}

/**
 * Field names that hold secrets: passwords, keys, tokens, hashes. Whatever a route passes, such a field never reaches
 * the journal (stripped here, at any depth), so no reader of the journal or its xlsx sees one.
 */
const SECRET_FIELD = /pass(word|wd)?|secret|token|hash|salt|credential|(^|_|-)key(s)?$|[a-z]Key(s)?$|^key(s)?$|api_?key|private/i;

export function isSecretField(name: string): boolean {
  return SECRET_FIELD.test(name);
}

function withoutSecrets(value: unknown, depth = 0): unknown {
  if (value === null || typeof value !== 'object') return value;
  if (value instanceof Date) return value.toISOString();
  if (depth > 8) return null;
  if (Array.isArray(value)) return value.map((item) => withoutSecrets(item, depth + 1));
  return Object.fromEntries(
    Object.entries(value as Record<string, unknown>)
      .filter(([key, item]) => !isSecretField(key) && item !== undefined)
      .map(([key, item]) => [key, withoutSecrets(item, depth + 1)]),
  );
}

const same = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);

/** The fields that differ between two snapshots of an entity, as {field: [before, after]}, secrets left out. */
export function diffChanges(before: Snapshot, after: Snapshot, fields?: readonly string[]): Changes {
  const beforeFields = (before ?? {}) as Record<string, unknown>;
  const afterFields = (after ?? {}) as Record<string, unknown>;
  const keys = fields ?? [...new Set([...Object.keys(beforeFields), ...Object.keys(afterFields)])];
  const changes: Changes = {};
  for (const key of keys) {
    if (isSecretField(key)) continue;
    const was = beforeFields[key] ?? null;
    const now = afterFields[key] ?? null;
    if (!same(was, now)) changes[key] = [withoutSecrets(was), withoutSecrets(now)];
  }
  return changes;
}

/** Changes as stored: secret fields dropped, values made JSON (dates as ISO text). */
export function cleanChanges(changes: Changes): Changes {
  const clean: Changes = {};
  for (const [key, pair] of Object.entries(changes)) {
    if (isSecretField(key) || !Array.isArray(pair)) continue;
    clean[key] = [withoutSecrets(pair[0] ?? null), withoutSecrets(pair[1] ?? null)];
  }
  return clean;
}

/** The API token a request presented, named in its entries (`integration`; answered as `via`). */
function integration(): { integration?: string } {
  const apiToken = requestContext.getStore()?.apiToken;
  return apiToken ? { integration: apiToken.name } : {};
}

/**
 * Records who changed what; every write through the API calls this. `changes` (or `before`/`after`, compared field by
 * field) say what changed; both are optional, so older calls that only pass `detail` keep working.
 */
export async function record(db: Db, entry: JournalRecord): Promise<void> {
  const compared = entry.before !== undefined || entry.after !== undefined ? diffChanges(entry.before, entry.after, entry.fields) : {};
  const changes = cleanChanges({ ...compared, ...(entry.changes ?? {}) });
  await db.insert(journal).values({
    userId: entry.userId,
    action: entry.action,
    entity: entry.entity,
    entityId: entry.entityId == null ? null : String(entry.entityId),
    detail: { ...((withoutSecrets(entry.detail ?? {}) as Record<string, unknown>) ?? {}), ...integration() },
    changes,
    companyId: ownerOf(entry),
  });
}
