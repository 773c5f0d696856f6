import { sql, type SQL } from 'drizzle-orm';
import { inCompanies } from '../domain/scope.ts';
import type { Company, CompanySummary, Department, DeviceCounts, Office } from '../../src/services/schemas/company.ts';
import { ONLINE_WINDOW_SECONDS } from '../domain/devices.ts';
import { serverTimeZone } from '../domain/occurrences.ts';
import type { Db } from './index.ts';

/* The company hierarchy: companies, departments (a tree) and branch offices, with the device counts the screens show. */

type Row = Record<string, unknown>;
const rowsOf = async <T = Row>(db: Db, query: SQL): Promise<T[]> => ((await db.execute(query)) as unknown as { rows: T[] }).rows;

const ONLINE_SINCE = `(SELECT now() - interval '${ONLINE_WINDOW_SECONDS} seconds')`;

/** Device counts by status (online, offline, disabled) over the devices aliased `d`, as columns of the same names. */
const statusCounts = (d: string) => {
  const online = `coalesce(${d}.last_connection > ${ONLINE_SINCE} AND ${d}.signed_off_at IS NULL, false)`;
  return sql.raw(`
  count(${d}.id) FILTER (WHERE NOT ${d}.is_active)::int AS disabled,
  count(${d}.id) FILTER (WHERE ${d}.is_active AND ${online})::int AS online,
  count(${d}.id) FILTER (WHERE ${d}.is_active AND NOT ${online})::int AS offline`);
};

const counts = (row: Row): DeviceCounts => ({ online: Number(row.online), offline: Number(row.offline), disabled: Number(row.disabled) });

/* Companies */

/** Snake-case column of each company field the API edits (the API name is the column name). */
export const COMPANY_COLUMNS = [
  'name', 'short_name', 'description', 'legal_address', 'postal_address', 'phone', 'email', 'url', 'person_name', 'inn',
  'contract', 'is_active', 'video_upload_active', 'alias', 'country', 'city', 'representative', 'office_campaign',
  'require_two_factor', 'require_two_factor_sso',
] as const;
export type CompanyColumn = (typeof COMPANY_COLUMNS)[number];
export type CompanyValues = Partial<Record<CompanyColumn, string | boolean | number | null>>;

const companySelect = sql`
  SELECT c.id, c.name, c.short_name, c.description, c.legal_address, c.postal_address, c.phone, c.email, c.url, c.person_name,
    c.inn, c.contract, c.is_active, c.video_upload_active, c.alias, c.country, c.city, c.representative, c.office_campaign,
    c.require_two_factor, c.require_two_factor_sso, c.created_at,
    (SELECT count(*) FROM offices o WHERE o.company_id = c.id)::int AS offices_count,
    (SELECT count(*) FROM departments dp WHERE dp.company_id = c.id)::int AS departments_count,
    (SELECT count(*) FROM devices d JOIN offices o ON o.id = d.office_id WHERE o.company_id = c.id)::int AS devices_count
  FROM companies c`;

function toCompany(row: Row): Company {
  return {
    ...(Object.fromEntries(COMPANY_COLUMNS.map((column) => [column, row[column]])) as Omit<Company, 'id' | 'offices_count' | 'departments_count' | 'devices_count' | 'created_at'>),
    id: Number(row.id),
    office_campaign: row.office_campaign == null ? null : Number(row.office_campaign),
    offices_count: Number(row.offices_count),
    departments_count: Number(row.departments_count),
    devices_count: Number(row.devices_count),
    created_at: new Date(row.created_at as string).toISOString(),
  };
}

/** `column IN (ids)`; no condition for null (every company), none matching for an empty list. */
const inScope = (column: SQL, ids: readonly number[] | null) =>
  ids === null ? sql`true` : ids.length === 0 ? sql`false` : sql`${column} IN (${sql.join(ids.map((id) => sql`${id}`), sql`, `)})`;

export async function listCompanyPage(db: Db, scope: readonly number[] | null, limit: number, offset: number): Promise<{ total: number; rows: Company[] }> {
  const where = inScope(sql`c.id`, scope);
  const [{ total }] = (await rowsOf<{ total: number }>(db, sql`SELECT count(*)::int AS total FROM companies c WHERE ${where}`)) as [{ total: number }];
  const rows = await rowsOf(db, sql`${companySelect} WHERE ${where} ORDER BY c.name, c.id LIMIT ${limit} OFFSET ${offset}`);
  return { total: Number(total), rows: rows.map(toCompany) };
}

export async function findCompany(db: Db, id: number): Promise<Company | undefined> {
  const [row] = await rowsOf(db, sql`${companySelect} WHERE c.id = ${id}`);
  return row && toCompany(row);
}

const assignments = (values: Record<string, unknown>) =>
  sql.join(Object.entries(values).map(([column, value]) => sql`${sql.identifier(column)} = ${value}`), sql`, `);

export async function insertCompanyRow(db: Db, values: CompanyValues & { name: string }): Promise<number> {
  const columns = Object.keys(values);
  const [row] = await rowsOf<{ id: number }>(db, sql`
    INSERT INTO companies (${sql.join(columns.map((c) => sql.identifier(c)), sql`, `)})
    VALUES (${sql.join(columns.map((c) => sql`${values[c as CompanyColumn]}`), sql`, `)}) RETURNING id`);
  return Number(row!.id);
}

export async function updateCompanyRow(db: Db, id: number, values: CompanyValues): Promise<void> {
  if (Object.keys(values).length === 0) return;
  await db.execute(sql`UPDATE companies SET ${assignments(values)} WHERE id = ${id}`);
}

/**
 * Activates or deactivates a company with its devices, in one statement: deactivation switches its active devices off
 * and remembers them; activation switches back on exactly the devices it held. Answers the devices switched.
 */
export async function setCompanyActive(db: Db, id: number, active: boolean): Promise<number[]> {
  const rows = active
    ? await rowsOf<{ id: number }>(db, sql`
        WITH company AS (UPDATE companies SET is_active = true WHERE id = ${id} RETURNING id),
        released AS (
          DELETE FROM company_held_devices h USING devices d, offices o, company c
          WHERE h.device_id = d.id AND o.id = d.office_id AND o.company_id = c.id RETURNING h.device_id
        )
        UPDATE devices SET is_active = true FROM released WHERE devices.id = released.device_id RETURNING devices.id`)
    : await rowsOf<{ id: number }>(db, sql`
        WITH company AS (UPDATE companies SET is_active = false WHERE id = ${id} RETURNING id),
        switched AS (
          UPDATE devices d SET is_active = false FROM offices o, company c
          WHERE o.id = d.office_id AND o.company_id = c.id AND d.is_active RETURNING d.id
        ),
        held AS (INSERT INTO company_held_devices (device_id) SELECT id FROM switched ON CONFLICT DO NOTHING)
        SELECT id FROM switched`);
  return rows.map((row) => Number(row.id));
}

/** Whether the device is off because its company is deactivated. */
export async function heldByCompany(db: Db, deviceId: number): Promise<boolean> {
  const rows = await rowsOf(db, sql`
    SELECT 1 FROM devices d JOIN offices o ON o.id = d.office_id JOIN companies c ON c.id = o.company_id
    WHERE d.id = ${deviceId} AND NOT c.is_active`);
  return rows.length > 0;
}

export async function deleteCompanyRow(db: Db, id: number): Promise<boolean> {
  return (await rowsOf(db, sql`DELETE FROM companies WHERE id = ${id} RETURNING id`)).length > 0;
}

/** How many devices stand in the company's offices (or in one office). */
export async function devicesOfCompany(db: Db, id: number): Promise<number> {
  const [row] = await rowsOf<{ n: number }>(db, sql`SELECT count(*)::int AS n FROM devices d JOIN offices o ON o.id = d.office_id WHERE o.company_id = ${id}`);
  return Number(row!.n);
}

export async function devicesOfOffice(db: Db, id: number): Promise<number> {
  const [row] = await rowsOf<{ n: number }>(db, sql`SELECT count(*)::int AS n FROM devices WHERE office_id = ${id}`);
  return Number(row!.n);
}

export async function campaignExists(db: Db, id: number): Promise<boolean> {
  return (await rowsOf(db, sql`SELECT 1 FROM campaigns WHERE id = ${id}`)).length > 0;
}

/** Whether the company lets its users upload media (undefined when there is no such company). */
export async function companyVideoUpload(db: Db, id: number): Promise<boolean | undefined> {
  const [row] = await rowsOf<{ on: boolean }>(db, sql`SELECT video_upload_active AS on FROM companies WHERE id = ${id}`);
  return row?.on;
}

/** The company page's additional info: device counts by status, offices with theirs, and the campaigns its devices take part in. */
export async function companySummary(db: Db, id: number, companies: readonly number[] | null = null): Promise<CompanySummary> {
  const [total] = await rowsOf(db, sql`
    SELECT ${statusCounts('d')} FROM offices o JOIN devices d ON d.office_id = o.id WHERE o.company_id = ${id}`);
  const offices = await rowsOf(db, sql`
    SELECT o.id, o.name, ${statusCounts('d')} FROM offices o LEFT JOIN devices d ON d.office_id = o.id
    WHERE o.company_id = ${id} GROUP BY o.id ORDER BY o.name, o.id`);
  const campaigns = await rowsOf(db, sql`
    SELECT c.id, c.name, count(*)::int AS devices_count
    FROM campaigns c JOIN campaign_devices cd ON cd.campaign_id = c.id JOIN devices d ON d.id = cd.device_id JOIN offices o ON o.id = d.office_id
    WHERE o.company_id = ${id} AND ${inCompanies(sql`c.company_id`, companies)} GROUP BY c.id ORDER BY c.name, c.id`);
  return {
    company: id,
    devices: total ? counts(total) : { online: 0, offline: 0, disabled: 0 },
    offices: offices.map((row) => ({ id: Number(row.id), name: String(row.name), devices: counts(row) })),
    campaigns: campaigns.map((row) => ({ id: Number(row.id), name: String(row.name), devices_count: Number(row.devices_count) })),
  };
}

/* Departments */

const departmentSelect = sql`
  SELECT dp.id, dp.company_id, c.name AS company_name, dp.parent_id, dp.name, dp.description,
    (SELECT count(*) FROM offices o WHERE o.department_id = dp.id)::int AS offices_count
  FROM departments dp JOIN companies c ON c.id = dp.company_id`;

function toDepartment(row: Row): Department {
  return {
    id: Number(row.id),
    company: Number(row.company_id),
    company_name: String(row.company_name),
    parent: row.parent_id == null ? null : Number(row.parent_id),
    name: String(row.name),
    description: String(row.description),
    offices_count: Number(row.offices_count),
  };
}

export async function listDepartmentPage(
  db: Db,
  scope: readonly number[] | null,
  company: number | undefined,
  limit: number,
  offset: number,
): Promise<{ total: number; rows: Department[] }> {
  const where = sql`WHERE ${inScope(sql`dp.company_id`, scope)} ${company ? sql`AND dp.company_id = ${company}` : sql``}`;
  const [{ total }] = (await rowsOf<{ total: number }>(db, sql`SELECT count(*)::int AS total FROM departments dp ${where}`)) as [{ total: number }];
  const rows = await rowsOf(db, sql`${departmentSelect} ${where} ORDER BY c.name, dp.company_id, dp.name, dp.id LIMIT ${limit} OFFSET ${offset}`);
  return { total: Number(total), rows: rows.map(toDepartment) };
}

export async function findDepartment(db: Db, id: number): Promise<Department | undefined> {
  const [row] = await rowsOf(db, sql`${departmentSelect} WHERE dp.id = ${id}`);
  return row && toDepartment(row);
}

/** The ids of a department's ancestors, nearest first (the tree is kept acyclic by the API). */
export async function departmentAncestors(db: Db, id: number): Promise<number[]> {
  const rows = await rowsOf<{ id: number }>(db, sql`
    WITH RECURSIVE up(id, parent_id, depth) AS (
      SELECT id, parent_id, 0 FROM departments WHERE id = ${id}
      UNION ALL SELECT d.id, d.parent_id, up.depth + 1 FROM departments d JOIN up ON d.id = up.parent_id WHERE up.depth < 1000
    ) SELECT id FROM up WHERE depth > 0 ORDER BY depth`);
  return rows.map((row) => Number(row.id));
}

export async function insertDepartmentRow(db: Db, values: { company: number; parent: number | null; name: string; description: string }): Promise<number> {
  const [row] = await rowsOf<{ id: number }>(db, sql`
    INSERT INTO departments (company_id, parent_id, name, description) VALUES (${values.company}, ${values.parent}, ${values.name}, ${values.description})
    RETURNING id`);
  return Number(row!.id);
}

export async function updateDepartmentRow(db: Db, id: number, values: { parent_id?: number | null; name?: string; description?: string }): Promise<void> {
  if (Object.keys(values).length === 0) return;
  await db.execute(sql`UPDATE departments SET ${assignments(values)} WHERE id = ${id}`);
}

export async function departmentChildren(db: Db, id: number): Promise<number> {
  const [row] = await rowsOf<{ n: number }>(db, sql`SELECT count(*)::int AS n FROM departments WHERE parent_id = ${id}`);
  return Number(row!.n);
}

export async function deleteDepartmentRow(db: Db, id: number): Promise<boolean> {
  return (await rowsOf(db, sql`DELETE FROM departments WHERE id = ${id} RETURNING id`)).length > 0;
}

/* Offices */

export const OFFICE_COLUMNS = ['company_id', 'department_id', 'name', 'description', 'address', 'phone', 'email', 'contact_person'] as const;
export type OfficeValues = Partial<Record<(typeof OFFICE_COLUMNS)[number] | 'timezone', string | number | null>>;

const officeSelect = sql`
  SELECT o.*, c.name AS company_name, dp.name AS department_name, ${statusCounts('d')}
  FROM offices o JOIN companies c ON c.id = o.company_id LEFT JOIN departments dp ON dp.id = o.department_id
  LEFT JOIN devices d ON d.office_id = o.id`;

function toOffice(row: Row): Office {
  return {
    id: Number(row.id),
    company: Number(row.company_id),
    company_name: String(row.company_name),
    department: row.department_id == null ? null : Number(row.department_id),
    department_name: row.department_name == null ? null : String(row.department_name),
    name: String(row.name),
    description: String(row.description),
    address: String(row.address),
    phone: String(row.phone),
    email: String(row.email),
    contact_person: String(row.contact_person),
    timezone: typeof row.timezone === 'string' ? row.timezone : serverTimeZone(),
    devices: counts(row),
  };
}

export async function listOfficePage(
  db: Db,
  filter: { company?: number; department?: number; scope: readonly number[] | null },
  limit: number,
  offset: number,
): Promise<{ total: number; rows: Office[] }> {
  const conditions = [
    inScope(sql`o.company_id`, filter.scope),
    ...(filter.company ? [sql`o.company_id = ${filter.company}`] : []),
    ...(filter.department ? [sql`o.department_id = ${filter.department}`] : []),
  ];
  const where = conditions.length ? sql`WHERE ${sql.join(conditions, sql` AND `)}` : sql``;
  const [{ total }] = (await rowsOf<{ total: number }>(db, sql`SELECT count(*)::int AS total FROM offices o ${where}`)) as [{ total: number }];
  const rows = await rowsOf(db, sql`${officeSelect} ${where} GROUP BY o.id, c.name, dp.name ORDER BY o.name, o.id LIMIT ${limit} OFFSET ${offset}`);
  return { total: Number(total), rows: rows.map(toOffice) };
}

export async function findOfficeFull(db: Db, id: number): Promise<Office | undefined> {
  const [row] = await rowsOf(db, sql`${officeSelect} WHERE o.id = ${id} GROUP BY o.id, c.name, dp.name`);
  return row && toOffice(row);
}

export async function insertOfficeRow(db: Db, values: OfficeValues & { company_id: number; name: string }): Promise<number> {
  const columns = Object.keys(values);
  const [row] = await rowsOf<{ id: number }>(db, sql`
    INSERT INTO offices (${sql.join(columns.map((c) => sql.identifier(c)), sql`, `)})
    VALUES (${sql.join(columns.map((c) => sql`${values[c as keyof OfficeValues]}`), sql`, `)}) RETURNING id`);
  return Number(row!.id);
}

/** Updates an office; a move to another company re-checks its devices against that company's state (the trigger of 0014). */
export async function updateOfficeRow(db: Db, id: number, values: OfficeValues, companyChanged: boolean): Promise<number[]> {
  if (Object.keys(values).length) await db.execute(sql`UPDATE offices SET ${assignments(values)} WHERE id = ${id}`);
  if (!companyChanged) return [];
  const rows = await rowsOf<{ id: number }>(db, sql`UPDATE devices SET office_id = office_id WHERE office_id = ${id} RETURNING id`);
  return rows.map((row) => Number(row.id));
}

export async function deleteOfficeRow(db: Db, id: number): Promise<boolean> {
  return (await rowsOf(db, sql`DELETE FROM offices WHERE id = ${id} RETURNING id`)).length > 0;
}
