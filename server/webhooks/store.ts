import { sql } from 'drizzle-orm';
import type { Db } from '../db/index.ts';

/*
 * Persistence of webhooks (issue 29): endpoints and the delivery queue. Every instance's worker claims due deliveries
 * with FOR UPDATE SKIP LOCKED and holds each for a lease (claimed_until): another instance never takes a claimed
 * attempt, and one whose instance died is taken again once its lease ran out (at-least-once).
 */

export interface EndpointRow {
  id: number;
  company: number | null;
  url: string;
  events: string[];
  secret: string;
  active: boolean;
  disabled_reason: string | null;
  failing_since: string | null;
  created_at: string;
  updated_at: string;
}

export interface Attempt {
  at: string;
  status: number | null;
  answer: string;
  error: string | null;
  ms: number;
}

export interface DeliveryRow {
  id: number;
  event_id: string;
  endpoint_id: number;
  event: string;
  body: string;
  attempts: Attempt[];
  attempt_count: number;
  state: 'pending' | 'sending' | 'delivered' | 'failed';
  next_attempt_at: string;
  created_at: string;
}

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;
const iso = (value: unknown) => (value == null ? null : new Date(value as string).toISOString());
const ENDPOINT_COLUMNS = sql`id, company_id AS company, url, events, secret, active, disabled_reason, failing_since, created_at, updated_at`;

function endpointOf(row: EndpointRow): EndpointRow {
  return {
    ...row,
    id: Number(row.id),
    company: row.company == null ? null : Number(row.company),
    events: parseTextArray(row.events),
    failing_since: iso(row.failing_since),
    created_at: iso(row.created_at)!,
    updated_at: iso(row.updated_at)!,
  };
}

function parseTextArray(value: string[] | string): string[] {
  if (Array.isArray(value)) return value;
  return value.replace(/^\{|\}$/g, '').split(',').filter(Boolean);
}

const textArray = (values: readonly string[]) => sql`ARRAY[${sql.join(values.map((value) => sql`${value}`), sql`, `)}]::text[]`;

export async function listEndpoints(db: Db, companies: readonly number[] | null, limit: number, offset: number): Promise<{ total: number; rows: EndpointRow[] }> {
  const where = companies === null ? sql`true` : companies.length ? sql`company_id IN (${sql.join(companies.map((id) => sql`${id}`), sql`, `)})` : sql`false`;
  const total = rowsOf<{ n: number }>(await db.execute(sql`SELECT count(*)::int AS n FROM webhook_endpoints WHERE ${where}`))[0]!.n;
  const rows = rowsOf<EndpointRow>(await db.execute(sql`SELECT ${ENDPOINT_COLUMNS} FROM webhook_endpoints WHERE ${where} ORDER BY id LIMIT ${limit} OFFSET ${offset}`));
  return { total: Number(total), rows: rows.map(endpointOf) };
}

export async function findEndpoint(db: Db, id: number): Promise<EndpointRow | undefined> {
  const [row] = rowsOf<EndpointRow>(await db.execute(sql`SELECT ${ENDPOINT_COLUMNS} FROM webhook_endpoints WHERE id = ${id}`));
  return row && endpointOf(row);
}

export async function insertEndpoint(db: Db, values: { company: number | null; url: string; events: string[]; secret: string; active: boolean }): Promise<EndpointRow> {
  const [row] = rowsOf<EndpointRow>(
    await db.execute(sql`
      INSERT INTO webhook_endpoints (company_id, url, events, secret, active)
      VALUES (${values.company}, ${values.url}, ${textArray(values.events)}, ${values.secret}, ${values.active})
      RETURNING ${ENDPOINT_COLUMNS}`),
  );
  return endpointOf(row!);
}

export async function updateEndpoint(db: Db, id: number, values: { url?: string; events?: string[]; secret?: string; active?: boolean }): Promise<EndpointRow | undefined> {
  const sets = [sql`updated_at = now()`];
  if (values.url !== undefined) sets.push(sql`url = ${values.url}`);
  if (values.events !== undefined) sets.push(sql`events = ${textArray(values.events)}`);
  if (values.secret !== undefined) sets.push(sql`secret = ${values.secret}`);
  // Switching an endpoint on again forgets why it was off and how long it had failed.
  if (values.active !== undefined) sets.push(sql`active = ${values.active}, disabled_reason = NULL`, ...(values.active ? [sql`failing_since = NULL`] : []));
  const [row] = rowsOf<EndpointRow>(await db.execute(sql`UPDATE webhook_endpoints SET ${sql.join(sets, sql`, `)} WHERE id = ${id} RETURNING ${ENDPOINT_COLUMNS}`));
  return row && endpointOf(row);
}

export async function deleteEndpoint(db: Db, id: number): Promise<boolean> {
  return rowsOf(await db.execute(sql`DELETE FROM webhook_endpoints WHERE id = ${id} RETURNING id`)).length > 0;
}

function deliveryOf(row: DeliveryRow): DeliveryRow {
  return {
    ...row,
    id: Number(row.id),
    endpoint_id: Number(row.endpoint_id),
    attempt_count: Number(row.attempt_count),
    attempts: typeof row.attempts === 'string' ? JSON.parse(row.attempts) : row.attempts,
    next_attempt_at: iso(row.next_attempt_at)!,
    created_at: iso(row.created_at)!,
  };
}

export async function listDeliveries(db: Db, endpointId: number, limit: number, offset: number): Promise<{ total: number; rows: DeliveryRow[] }> {
  const total = rowsOf<{ n: number }>(await db.execute(sql`SELECT count(*)::int AS n FROM webhook_deliveries WHERE endpoint_id = ${endpointId}`))[0]!.n;
  const rows = rowsOf<DeliveryRow>(
    await db.execute(sql`SELECT * FROM webhook_deliveries WHERE endpoint_id = ${endpointId} ORDER BY id DESC LIMIT ${limit} OFFSET ${offset}`),
  );
  return { total: Number(total), rows: rows.map(deliveryOf) };
}

/**
 * Queues one event for every active endpoint that listens to it: the company's endpoints and the administrator's
 * (no company), which hear every company. One statement; answers how many deliveries it queued.
 */
export async function queueEvent(db: Db, event: { id: string; type: string; company: number | null; body: string }): Promise<number> {
  const result = await db.execute(sql`
    INSERT INTO webhook_deliveries (event_id, endpoint_id, event, body)
    SELECT ${event.id}::uuid, e.id, ${event.type}, ${event.body} FROM webhook_endpoints e
    WHERE e.active AND ${event.type} = ANY(e.events) AND (e.company_id IS NULL OR e.company_id = ${event.company})
    ON CONFLICT (endpoint_id, event_id) DO NOTHING
    RETURNING id`);
  return rowsOf(result).length;
}

/** queueEvent for several events of one type in one statement; answers how many deliveries it queued. */
export async function queueEvents(db: Db, type: string, events: readonly { id: string; company: number | null; body: string }[]): Promise<number> {
  if (!events.length) return 0;
  const column = <T>(pick: (event: { id: string; company: number | null; body: string }) => T) => sql.param(events.map(pick));
  const result = await db.execute(sql`
    INSERT INTO webhook_deliveries (event_id, endpoint_id, event, body)
    SELECT x.id, e.id, ${type}, x.body
    FROM unnest(${column((event) => event.id)}::uuid[], ${column((event) => event.company)}::int[], ${column((event) => event.body)}::text[]) AS x(id, company, body)
    JOIN webhook_endpoints e ON e.active AND ${type} = ANY(e.events) AND (e.company_id IS NULL OR e.company_id = x.company)
    ON CONFLICT (endpoint_id, event_id) DO NOTHING
    RETURNING id`);
  return rowsOf(result).length;
}

export interface ClaimedDelivery extends DeliveryRow {
  url: string;
  secret: string;
}

/**
 * Claims up to `limit` due deliveries (pending and due, or sending with a lapsed lease) for `leaseMs`: they turn
 * `sending` and count one more attempt. Rows another instance holds are skipped (FOR UPDATE SKIP LOCKED, and the lease:
 * a claimed row is not due again before claimed_until). At most `perEndpoint` deliveries of one endpoint are in flight
 * across all instances (the live leases count), so one slow receiver takes at most that many of a worker's places and
 * every other endpoint's deliveries go on (issue 35.14); the due rows are found per endpoint
 * (webhook_deliveries_endpoint_due_idx), so a long backlog of one endpoint is not read to find another's.
 */
export async function claimDue(db: Db, limit: number, leaseMs: number, perEndpoint = 4): Promise<ClaimedDelivery[]> {
  if (limit <= 0) return [];
  const due = sql`((x.state = 'pending' AND x.next_attempt_at <= now()) OR (x.state = 'sending' AND x.claimed_until < now()))`;
  const rows = rowsOf<ClaimedDelivery>(
    await db.execute(sql`
      WITH candidates AS (
        SELECT c.id, c.next_attempt_at FROM webhook_endpoints e
        CROSS JOIN LATERAL (
          SELECT x.id, x.next_attempt_at FROM webhook_deliveries x
          WHERE x.endpoint_id = e.id AND x.state IN ('pending', 'sending') AND ${due}
          ORDER BY x.next_attempt_at, x.id
          LIMIT greatest(0, ${perEndpoint}::int - (
            SELECT count(*)::int FROM webhook_deliveries s
            WHERE s.endpoint_id = e.id AND s.state = 'sending' AND s.claimed_until >= now()))
        ) c
        ORDER BY c.next_attempt_at, c.id LIMIT ${limit}
      ), claimed AS (
        SELECT x.id FROM webhook_deliveries x
        WHERE x.id IN (SELECT id FROM candidates) AND ${due}
        FOR UPDATE SKIP LOCKED
      )
      UPDATE webhook_deliveries d SET state = 'sending', attempt_count = d.attempt_count + 1,
        claimed_until = now() + ${`${leaseMs} milliseconds`}::interval
      FROM claimed, webhook_endpoints e
      WHERE d.id = claimed.id AND e.id = d.endpoint_id
      RETURNING d.*, e.url, e.secret`),
  );
  return rows.map((row) => ({ ...deliveryOf(row), url: row.url, secret: row.secret }));
}

/**
 * Records an attempt's outcome: delivered, retried at `retryAt`, or failed for good when `retryAt` is null. Only the
 * claim that made the attempt settles it (the attempt count is its token): a claim whose lease ran out and was taken
 * over leaves the row to the new one. Answers whether it was still this claim's.
 */
export async function settleAttempt(db: Db, delivery: { id: number; endpoint_id: number; attempt_count: number }, attempt: Attempt, retryAt: Date | null): Promise<boolean> {
  const delivered = attempt.status !== null && attempt.status >= 200 && attempt.status < 300;
  const state = delivered ? 'delivered' : retryAt ? 'pending' : 'failed';
  const result = await db.execute(sql`
    UPDATE webhook_deliveries SET state = ${state}, claimed_until = NULL,
      attempts = attempts || ${JSON.stringify([attempt])}::jsonb,
      next_attempt_at = ${retryAt ? retryAt.toISOString() : sql`next_attempt_at`}
    WHERE id = ${delivery.id} AND state = 'sending' AND attempt_count = ${delivery.attempt_count}
    RETURNING id`);
  return rowsOf(result).length > 0;
}

/**
 * An endpoint's health after an attempt: success forgets failures; a failure starts the clock, and an endpoint failing
 * for `giveUpMs` is switched off with the reason `failing_24h` (its pending deliveries fail with it).
 */
export async function recordEndpointHealth(db: Db, endpointId: number, ok: boolean, giveUpMs: number): Promise<boolean> {
  if (ok) {
    await db.execute(sql`UPDATE webhook_endpoints SET failing_since = NULL WHERE id = ${endpointId} AND failing_since IS NOT NULL`);
    return false;
  }
  // One statement, so nobody sees the endpoint switched off while its pending deliveries still wait.
  const [row] = rowsOf<{ off: boolean }>(
    await db.execute(sql`
      WITH endpoint AS (
        UPDATE webhook_endpoints SET failing_since = COALESCE(failing_since, now()),
          active = CASE WHEN failing_since < now() - ${`${giveUpMs} milliseconds`}::interval THEN false ELSE active END,
          disabled_reason = CASE WHEN failing_since < now() - ${`${giveUpMs} milliseconds`}::interval THEN 'failing_24h' ELSE disabled_reason END
        WHERE id = ${endpointId} RETURNING id, NOT active AND disabled_reason = 'failing_24h' AS off
      ), given_up AS (
        UPDATE webhook_deliveries SET state = 'failed', claimed_until = NULL
        WHERE endpoint_id IN (SELECT id FROM endpoint WHERE off) AND state = 'pending'
        RETURNING id
      )
      SELECT off FROM endpoint`),
  );
  return Boolean(row?.off);
}
