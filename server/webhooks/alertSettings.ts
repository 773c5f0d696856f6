import { sql } from 'drizzle-orm';
import type { Db } from '../db/index.ts';
import type { AlertSettings } from '../../src/services/schemas/webhooks.ts';

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;
const COLUMNS = sql`id, company_id AS company, office_id AS office, enabled, offline_minutes, notify_back, emails,
  to_char(quiet_from, 'HH24:MI') AS quiet_from, to_char(quiet_to, 'HH24:MI') AS quiet_to, updated_at`;

function settingsOf(row: AlertSettings): AlertSettings {
  const emails = row.emails as unknown as string[] | string;
  return {
    ...row,
    id: Number(row.id),
    company: Number(row.company),
    office: row.office == null ? null : Number(row.office),
    emails: Array.isArray(emails) ? emails : emails.replace(/^\{|\}$/g, '').split(',').filter(Boolean),
    updated_at: new Date(row.updated_at).toISOString(),
  };
}

export async function listAlertSettings(db: Db, companies: readonly number[] | null): Promise<AlertSettings[]> {
  const where = companies === null ? sql`true` : companies.length ? sql`company_id IN (${sql.join(companies.map((id) => sql`${id}`), sql`, `)})` : sql`false`;
  return rowsOf<AlertSettings>(await db.execute(sql`SELECT ${COLUMNS} FROM alert_settings WHERE ${where} ORDER BY company_id, office_id NULLS FIRST`)).map(settingsOf);
}

export async function findAlertSettings(db: Db, id: number): Promise<AlertSettings | undefined> {
  const [row] = rowsOf<AlertSettings>(await db.execute(sql`SELECT ${COLUMNS} FROM alert_settings WHERE id = ${id}`));
  return row && settingsOf(row);
}

/** Creates or replaces the settings of a company (office null) or of one office; fields left out take the defaults. */
export async function putAlertSettings(
  db: Db,
  values: { company: number; office: number | null; enabled: boolean; offlineMinutes: number; notifyBack: boolean; emails: string[]; quietFrom: string | null; quietTo: string | null },
): Promise<AlertSettings> {
  const emails = sql`ARRAY[${sql.join(values.emails.map((email) => sql`${email}`), sql`, `)}]::text[]`;
  const [row] = rowsOf<AlertSettings>(
    await db.execute(sql`
      INSERT INTO alert_settings (company_id, office_id, enabled, offline_minutes, notify_back, emails, quiet_from, quiet_to)
      VALUES (${values.company}, ${values.office}, ${values.enabled}, ${values.offlineMinutes}, ${values.notifyBack},
        ${values.emails.length ? emails : sql`'{}'::text[]`}, ${values.quietFrom}::time, ${values.quietTo}::time)
      ON CONFLICT (company_id, COALESCE(office_id, 0)) DO UPDATE SET enabled = EXCLUDED.enabled,
        offline_minutes = EXCLUDED.offline_minutes, notify_back = EXCLUDED.notify_back, emails = EXCLUDED.emails,
        quiet_from = EXCLUDED.quiet_from, quiet_to = EXCLUDED.quiet_to, updated_at = now()
      RETURNING ${COLUMNS}`),
  );
  return settingsOf(row!);
}

export async function deleteAlertSettings(db: Db, id: number): Promise<boolean> {
  return rowsOf(await db.execute(sql`DELETE FROM alert_settings WHERE id = ${id} RETURNING id`)).length > 0;
}

/** The company of an office, or undefined when there is no such office. */
export async function officeCompany(db: Db, office: number): Promise<number | null | undefined> {
  const [row] = rowsOf<{ company: number | null }>(await db.execute(sql`SELECT company_id AS company FROM offices WHERE id = ${office}`));
  return row ? (row.company == null ? null : Number(row.company)) : undefined;
}
