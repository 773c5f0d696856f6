import { sql, type SQL } from 'drizzle-orm';
import type { Db } from './index.ts';
import { DEVICE_POSITIONS } from '../../src/services/schemas/deviceEnums.ts';
import { tagKey } from '../../src/services/schemas/deviceTags.ts';
import type { SmartGroup, SmartGroupRule } from '../../src/services/schemas/smartGroups.ts';
import { isoText, onlineSince, textArray } from './devices.ts';

/*
 * Smart groups (issue 41, migration 0054): a rule over one company's devices, turned into a condition on the devices
 * table. Every value of the rule reaches the database as a parameter, never as SQL text (patterns included).
 */

const rowsOf = async <T>(db: Db, query: SQL): Promise<T[]> => ((await db.execute(query)) as unknown as { rows: T[] }).rows;
const idArray = (ids: readonly number[]) => sql`${`{${ids.join(',')}}`}::int[]`;
const keys = (tags: readonly string[] | undefined) => [...new Set((tags ?? []).map(tagKey).filter(Boolean))];

/** `*` any run of characters, `?` one, everything else literal: the LIKE pattern of a name or serial pattern. */
export function globPattern(glob: string): string {
  return glob.trim().replace(/[\\%_]/g, (char) => `\\${char}`).replace(/\*/g, '%').replace(/\?/g, '_');
}

/** A version's numbers, part by part ("web-1.10.2" -> {1,10,2}), compared as integer arrays (1.9 is older than 1.10). */
const versionParts = (value: SQL) => sql`(SELECT array_agg(m[1]::int ORDER BY n) FROM regexp_matches(${value}, '(\\d{1,9})', 'g') WITH ORDINALITY AS r(m, n))`;

/** The rule as a condition over `devices`, for the devices of `companyId`'s offices. */
export function ruleCondition(rule: SmartGroupRule, companyId: number): SQL {
  const conditions: SQL[] = [sql`devices.office_id IN (SELECT id FROM offices WHERE company_id = ${companyId})`];
  const all = keys(rule.tags_all);
  if (all.length) conditions.push(sql`devices.tag_keys @> ${textArray(all)}`);
  const any = keys(rule.tags_any);
  if (any.length) conditions.push(sql`devices.tag_keys && ${textArray(any)}`);
  const none = keys(rule.tags_none);
  if (none.length) conditions.push(sql`NOT (devices.tag_keys && ${textArray(none)})`);
  if (rule.device_type) conditions.push(sql`devices.device_type = ${rule.device_type}`);
  if (rule.office) conditions.push(sql`devices.office_id = ${rule.office}`);
  if (rule.department) {
    conditions.push(sql`devices.office_id IN (SELECT id FROM offices WHERE department_id IN (
      WITH RECURSIVE tree AS (SELECT id FROM departments WHERE id = ${rule.department} UNION SELECT d.id FROM departments d JOIN tree ON d.parent_id = tree.id)
      SELECT id FROM tree))`);
  }
  if (rule.position) conditions.push(sql`devices.position_rank = ${DEVICE_POSITIONS.indexOf(rule.position)}`);
  // A device never heard from has no last_connection: offline, not unknown.
  const online = sql`(COALESCE(devices.last_connection > ${onlineSince}, false) AND devices.signed_off_at IS NULL)`;
  if (rule.status === 'disabled') conditions.push(sql`NOT devices.is_active`);
  if (rule.status === 'online') conditions.push(sql`devices.is_active AND ${online}`);
  if (rule.status === 'offline') conditions.push(sql`devices.is_active AND NOT ${online}`);
  if (rule.version) {
    const value = rule.version.value.trim();
    conditions.push(
      rule.version.compare === 'eq'
        ? sql`lower(devices.version) = lower(${value})`
        : sql`${versionParts(sql`devices.version`)} < ${versionParts(sql`${value}::text`)}`,
    );
  }
  if (rule.name_pattern?.trim()) conditions.push(sql`lower(devices.name) LIKE lower(${globPattern(rule.name_pattern)})`);
  if (rule.serial_pattern?.trim()) conditions.push(sql`lower(devices.sn) LIKE lower(${globPattern(rule.serial_pattern)})`);
  return sql.join(conditions, sql` AND `);
}

type GroupRow = { id: number; name: string; company: number; company_name: string; rule: unknown; created_at: string; updated_at: string; campaigns: number };

const groupColumns = sql`g.id, g.name, g.company_id AS company, c.name AS company_name, g.rule, ${isoText(sql`g.created_at`)} AS created_at,
  ${isoText(sql`g.updated_at`)} AS updated_at, (SELECT count(*)::int FROM campaign_smart_groups cs WHERE cs.group_id = g.id) AS campaigns`;

export const ruleOf = (row: { rule: unknown }): SmartGroupRule => (typeof row.rule === 'string' ? JSON.parse(row.rule) : row.rule) as SmartGroupRule;

/** How many devices a rule holds now. */
export async function countMembers(db: Db, rule: SmartGroupRule, companyId: number): Promise<number> {
  const [row] = await rowsOf<{ n: number }>(db, sql`SELECT count(*)::int AS n FROM devices WHERE ${ruleCondition(rule, companyId)}`);
  return Number(row!.n);
}

async function present(db: Db, row: GroupRow): Promise<SmartGroup> {
  const rule = ruleOf(row);
  return { ...row, id: Number(row.id), company: Number(row.company), rule, campaigns: Number(row.campaigns), members: await countMembers(db, rule, Number(row.company)) };
}

export async function listSmartGroups(db: Db, companies: readonly number[] | null, limit: number, offset: number): Promise<{ total: number; rows: SmartGroup[] }> {
  const where = companies ? sql`g.company_id = ANY(${idArray(companies)})` : sql`true`;
  const found = await rowsOf<GroupRow & { total: number }>(
    db,
    sql`SELECT ${groupColumns}, count(*) OVER ()::int AS total FROM smart_groups g JOIN companies c ON c.id = g.company_id WHERE ${where}
        ORDER BY lower(g.name), g.id LIMIT ${limit} OFFSET ${offset}`,
  );
  const total = found.length ? Number(found[0]!.total) : Number((await rowsOf<{ n: number }>(db, sql`SELECT count(*)::int AS n FROM smart_groups g WHERE ${where}`))[0]!.n);
  return { total, rows: await Promise.all(found.map(({ total: _total, ...row }) => present(db, row))) };
}

export async function findSmartGroup(db: Db, id: number): Promise<SmartGroup | undefined> {
  const [row] = await rowsOf<GroupRow>(db, sql`SELECT ${groupColumns} FROM smart_groups g JOIN companies c ON c.id = g.company_id WHERE g.id = ${id}`);
  return row ? present(db, row) : undefined;
}

export async function insertSmartGroup(db: Db, values: { name: string; companyId: number; rule: SmartGroupRule }): Promise<number> {
  const [row] = await rowsOf<{ id: number }>(
    db,
    sql`INSERT INTO smart_groups (company_id, name, rule) VALUES (${values.companyId}, ${values.name}, ${JSON.stringify(values.rule)}::jsonb) RETURNING id`,
  );
  return Number(row!.id);
}

export async function updateSmartGroup(db: Db, id: number, values: { name?: string; rule?: SmartGroupRule }): Promise<boolean> {
  const name = values.name === undefined ? sql`name` : sql`${values.name}`;
  const rule = values.rule === undefined ? sql`rule` : sql`${JSON.stringify(values.rule)}::jsonb`;
  const found = await rowsOf<{ id: number }>(db, sql`UPDATE smart_groups SET name = ${name}, rule = ${rule}, updated_at = now() WHERE id = ${id} RETURNING id`);
  return found.length > 0;
}

export async function deleteSmartGroup(db: Db, id: number): Promise<boolean> {
  return (await rowsOf<{ id: number }>(db, sql`DELETE FROM smart_groups WHERE id = ${id} RETURNING id`)).length > 0;
}

/* Campaigns that target smart groups */

/** The groups a campaign targets, by id. */
export async function campaignSmartGroups(db: Db, campaignId: number): Promise<{ id: number; name: string }[]> {
  const found = await rowsOf<{ id: number; name: string }>(
    db,
    sql`SELECT g.id, g.name FROM campaign_smart_groups cs JOIN smart_groups g ON g.id = cs.group_id WHERE cs.campaign_id = ${campaignId} ORDER BY lower(g.name), g.id`,
  );
  return found.map((row) => ({ id: Number(row.id), name: row.name }));
}

/** Replaces the groups a campaign targets (the caller checked they exist and may be seen). */
export async function setCampaignSmartGroups(db: Db, campaignId: number, groupIds: readonly number[]): Promise<void> {
  await db.execute(sql`DELETE FROM campaign_smart_groups WHERE campaign_id = ${campaignId} AND NOT (group_id = ANY(${idArray(groupIds)}))`);
  if (groupIds.length) {
    await db.execute(sql`INSERT INTO campaign_smart_groups (campaign_id, group_id) SELECT ${campaignId}, unnest(${idArray(groupIds)}) ON CONFLICT DO NOTHING`);
  }
}

/**
 * Brings the campaigns' screens that come through smart groups in line with the groups' rules now: a device that
 * matches a group its campaign targets (and has the campaign's screen position) takes part, in every event of the
 * campaign (its published copies too, so it plays without a publish); one that no longer matches leaves, unless an
 * operator picked it. Joining and leaving rows of campaign_devices queue the devices' compiles through the existing
 * triggers, so the compilers of every instance take them. `devices` narrows the work to those devices (a device write);
 * `campaign` or `group` to the campaigns concerned. Answers how many joined and left.
 */
export async function syncSmartCampaigns(db: Db, scope: { devices?: readonly number[]; campaign?: number; group?: number } = {}): Promise<{ joined: number; left: number }> {
  const targets = await rowsOf<{ campaign_id: number; group_id: number; company_id: number; rule: unknown; screen_position: string }>(
    db,
    sql`SELECT cs.campaign_id, cs.group_id, g.company_id, g.rule, c.screen_position
        FROM campaign_smart_groups cs JOIN smart_groups g ON g.id = cs.group_id JOIN campaigns c ON c.id = cs.campaign_id
        WHERE ${scope.campaign ? sql`cs.campaign_id = ${scope.campaign}` : sql`true`}
          AND ${scope.group ? sql`cs.campaign_id IN (SELECT campaign_id FROM campaign_smart_groups WHERE group_id = ${scope.group})` : sql`true`}`,
  );
  const campaigns = new Set(targets.map((row) => Number(row.campaign_id)));
  if (scope.group === undefined && scope.campaign !== undefined) campaigns.add(scope.campaign);
  const only = scope.devices ? sql`AND devices.id = ANY(${idArray(scope.devices)})` : sql``;
  let joined = 0;
  let left = 0;
  for (const campaign of campaigns) {
    const own = targets.filter((row) => Number(row.campaign_id) === campaign);
    // device -> the campaign's groups it matches
    const matches = new Map<number, number[]>();
    for (const target of own) {
      const position = DEVICE_POSITIONS.indexOf(target.screen_position as (typeof DEVICE_POSITIONS)[number]);
      const found = await rowsOf<{ id: number }>(
        db,
        sql`SELECT devices.id FROM devices WHERE ${ruleCondition(ruleOf(target), Number(target.company_id))} AND devices.position_rank = ${position} ${only}`,
      );
      for (const { id } of found) matches.set(Number(id), [...(matches.get(Number(id)) ?? []), Number(target.group_id)]);
    }
    const outcome = await db.transaction(async (tx) => {
      const t = tx as unknown as Db;
      const ids = [...matches.keys()];
      const groups = ids.map((id) => `{${matches.get(id)!.sort((a, b) => a - b).join(',')}}`);
      const fresh = ids.length
        ? await rowsOf<{ device_id: number }>(
            t,
            sql`WITH wanted AS (SELECT unnest(${idArray(ids)}) AS device_id, unnest(${`{${groups.map((g) => `"${g}"`).join(',')}}`}::text[])::int[] AS via),
                  changed AS (
                    INSERT INTO campaign_devices (campaign_id, device_id, picked, via_groups) SELECT ${campaign}, device_id, false, via FROM wanted
                    ON CONFLICT (campaign_id, device_id) DO UPDATE SET via_groups = EXCLUDED.via_groups
                      WHERE campaign_devices.via_groups IS DISTINCT FROM EXCLUDED.via_groups
                    RETURNING device_id, (xmax = 0) AS inserted)
                SELECT device_id FROM changed WHERE inserted`,
          )
        : [];
      // Rows that came through a group and match none now: picked ones stay as picked, the others leave.
      const stale = sql`campaign_id = ${campaign} AND via_groups <> '{}' AND NOT (device_id = ANY(${idArray(ids)}))
        ${scope.devices ? sql`AND device_id = ANY(${idArray(scope.devices)})` : sql``}`;
      await t.execute(sql`UPDATE campaign_devices SET via_groups = '{}' WHERE ${stale} AND picked`);
      const gone = await rowsOf<{ device_id: number }>(t, sql`DELETE FROM campaign_devices WHERE ${stale} AND NOT picked RETURNING device_id`);
      const joinedIds = fresh.map((row) => Number(row.device_id));
      const goneIds = gone.map((row) => Number(row.device_id));
      if (joinedIds.length) {
        await t.execute(sql`
          INSERT INTO event_devices (event_id, device_id) SELECT ev.id, d FROM events ev CROSS JOIN unnest(${idArray(joinedIds)}) d
          WHERE ev.campaign_id = ${campaign} ON CONFLICT DO NOTHING`);
        await t.execute(sql`
          UPDATE published_events SET devices = ARRAY(SELECT DISTINCT unnest(devices || ${idArray(joinedIds)}) ORDER BY 1)
          WHERE campaign_id = ${campaign} AND NOT (devices @> ${idArray(joinedIds)})`);
      }
      if (goneIds.length) {
        await t.execute(sql`DELETE FROM event_devices ed USING events ev WHERE ed.event_id = ev.id AND ev.campaign_id = ${campaign} AND ed.device_id = ANY(${idArray(goneIds)})`);
        await t.execute(sql`UPDATE events SET ends_at = NULL WHERE campaign_id = ${campaign} AND ends_at IS NOT NULL`);
      }
      return { joined: joinedIds.length, left: goneIds.length };
    });
    joined += outcome.joined;
    left += outcome.left;
  }
  return { joined, left };
}
