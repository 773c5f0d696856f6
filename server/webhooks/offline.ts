import { sql } from 'drizzle-orm';
import { Temporal } from 'temporal-polyfill';
import type { Db } from '../db/index.ts';
import { ONLINE_WINDOW_SECONDS } from '../domain/devices.ts';
import { serverTimeZone } from '../domain/occurrences.ts';
import { onSince, powerOffAt } from '../domain/power.ts';
import type { PowerWindow } from '../../src/services/schemas/power.ts';
import { emitEvent } from './events.ts';
import type { Mailer } from './mail.ts';

/*
 * Offline alerts (issue 29). A device is offline when its last heartbeat is older than ONLINE_WINDOW_SECONDS or it
 * signed off (the rule of the device list). Each tick of any instance:
 *   1. opens an outage row for every active device newly offline (one open row per device: a unique index),
 *   2. ends the open outages of devices back online (or switched off) and tells of the alerted ones: device.online,
 *   3. claims the outages past their threshold (office settings, else the company's, else 10 minutes), outside the
 *      office's quiet hours and outside the screen's power-schedule off hours (issue 41: a screen off by its schedule is
 *      not missing; after its on time it gets the threshold again before it counts), by setting alerted_at in one UPDATE (a row claimed by another instance is not answered
 *      again), and sends device.offline, plus an email when SMTP_URL and recipients are set: one per device, or one
 *      digest for an office when more than DIGEST_OVER of its devices are claimed at once.
 * An outage found older than a day (the first run after an upgrade, a screen long gone) is recorded silent.
 */

export const DIGEST_OVER = 20;
export const DEFAULT_OFFLINE_MINUTES = 10;

interface ResolvedSettings {
  enabled: boolean;
  offline_minutes: number;
  notify_back: boolean;
  emails: string[];
  quiet_from: string | null;
  quiet_to: string | null;
}

export interface OutageDevice {
  outage: number;
  device: number;
  name: string;
  sn: string;
  office: number | null;
  office_name: string | null;
  company: number | null;
  timezone: string | null;
  offline_since: string;
  /** The last heartbeat or the sign-off before the outage (read while it is open: a heartbeat ends it). */
  last_contact: string | null;
  silent: boolean;
}

type Row = OutageDevice & Partial<Omit<ResolvedSettings, 'emails'>> & { emails: string[] | string | null };

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;
const iso = (value: unknown) => new Date(value as string).toISOString();

/** The settings that apply to a device: its office's row, else its company's, else the defaults. */
const SETTINGS_JOIN = sql`
  LEFT JOIN offices f ON f.id = d.office_id
  LEFT JOIN LATERAL (
    SELECT s.enabled, s.offline_minutes, s.notify_back, s.emails, s.quiet_from::text AS quiet_from, s.quiet_to::text AS quiet_to
    FROM alert_settings s WHERE s.company_id = f.company_id AND (s.office_id = d.office_id OR s.office_id IS NULL)
    ORDER BY s.office_id NULLS LAST LIMIT 1
  ) s ON true`;

const DEVICE_COLUMNS = sql`o.id AS outage, d.id AS device, d.name, d.sn, d.office_id AS office, f.name AS office_name, f.company_id AS company,
  f.timezone, o.offline_since, GREATEST(d.last_connection, d.signed_off_at) AS last_contact, o.silent, s.enabled, s.offline_minutes, s.notify_back, s.emails, s.quiet_from, s.quiet_to`;

function settingsOf(row: Row): ResolvedSettings {
  const emails = row.emails == null ? [] : Array.isArray(row.emails) ? row.emails : row.emails.replace(/^\{|\}$/g, '').split(',').filter(Boolean);
  return {
    enabled: row.enabled ?? true,
    offline_minutes: row.offline_minutes ?? DEFAULT_OFFLINE_MINUTES,
    notify_back: row.notify_back ?? true,
    emails,
    quiet_from: row.quiet_from ?? null,
    quiet_to: row.quiet_to ?? null,
  };
}

/** Whether `now` falls in the quiet hours [from, to) in the time zone (from > to spans midnight). */
export function inQuietHours(now: Date, timeZone: string | null, from: string | null, to: string | null): boolean {
  if (!from || !to || from === to) return false;
  let local: string;
  try {
    local = Temporal.Instant.fromEpochMilliseconds(now.getTime()).toZonedDateTimeISO(timeZone || serverTimeZone()).toPlainTime().toString().slice(0, 8);
  } catch {
    local = now.toISOString().slice(11, 19);
  }
  const f = from.slice(0, 8).padEnd(8, ':00');
  const t = to.slice(0, 8).padEnd(8, ':00');
  return f < t ? local >= f && local < t : local >= f || local < t;
}

/**
 * Whether an outage is not (yet) a failure by the device's power schedule (its compiled `power`): the screen is off
 * now, or came on less than the threshold ago after an outage that began before (it gets the threshold from its on time).
 */
function inPowerOff(row: { power: string | null; valid_until: string | null; offline_since: string }, thresholdMinutes: number, now: number): boolean {
  if (!row.power) return false;
  const power = JSON.parse(row.power) as PowerWindow[];
  const validUntil = row.valid_until == null ? null : iso(row.valid_until);
  if (powerOffAt(power, validUntil, now)) return true;
  const on = onSince(power, now);
  return on !== null && new Date(row.offline_since).getTime() < on && now - on < thresholdMinutes * 60_000;
}

/** The last contact of an open outage's device; without one readable, the instant the 120 s rule counts from. */
function lastContactOf(row: OutageDevice): string {
  if (row.last_contact != null) return iso(row.last_contact);
  return new Date(new Date(row.offline_since).getTime() - ONLINE_WINDOW_SECONDS * 1000).toISOString();
}

function deviceData(row: OutageDevice) {
  return { id: row.device, name: row.name, sn: row.sn, office: row.office, office_name: row.office_name };
}

/** One pass of the detector (see above). Answers what it sent, for logs and tests. */
export async function detectOutages(db: Db, mailer: Mailer | null): Promise<{ offline: number; online: number }> {
  const window = sql.raw(`interval '${ONLINE_WINDOW_SECONDS} seconds'`);
  await db.execute(sql`
    INSERT INTO device_outages (device_id, offline_since, silent)
    SELECT d.id, x.since, x.since < now() - interval '1 day'
    FROM devices d
    CROSS JOIN LATERAL (SELECT COALESCE(d.signed_off_at, d.last_connection + ${window}) AS since) x
    WHERE d.is_active AND d.last_connection IS NOT NULL
      AND (d.signed_off_at IS NOT NULL OR d.last_connection <= now() - ${window})
      AND NOT EXISTS (SELECT 1 FROM device_outages o WHERE o.device_id = d.id AND o.ended_at IS NULL)
    ON CONFLICT DO NOTHING`);

  const back = rowsOf<Row & { is_active: boolean; alerted_at: string | null; ended_at: string }>(
    await db.execute(sql`
      WITH ended AS (
        UPDATE device_outages o SET ended_at = now()
        FROM devices d
        WHERE o.device_id = d.id AND o.ended_at IS NULL
          AND (NOT d.is_active OR (d.signed_off_at IS NULL AND d.last_connection > now() - ${window}))
        RETURNING o.*
      )
      SELECT ${DEVICE_COLUMNS}, d.is_active, o.alerted_at, o.ended_at
      FROM ended o JOIN devices d ON d.id = o.device_id ${SETTINGS_JOIN}`),
  );
  let online = 0;
  for (const row of back) {
    const settings = settingsOf(row);
    if (!row.alerted_at || row.silent || !row.is_active || !settings.enabled || !settings.notify_back) continue;
    const offlineSince = iso(row.offline_since);
    const data = { device: deviceData(row), offline_since: offlineSince, back_at: iso(row.ended_at) };
    await emitEvent(db, 'device.online', row.company, data);
    online += 1;
    if (mailer && settings.emails.length) await mailer.deviceBack(settings.emails, { ...data, timezone: row.timezone }).catch(() => undefined);
  }

  const waiting = rowsOf<Row & { power: string | null; valid_until: string | null }>(
    await db.execute(sql`
      SELECT ${DEVICE_COLUMNS}, b.power, ps.valid_until
      FROM device_outages o JOIN devices d ON d.id = o.device_id ${SETTINGS_JOIN}
      LEFT JOIN device_schedules ps ON ps.device_id = d.id LEFT JOIN schedule_bodies b ON b.hash = ps.body_hash
      WHERE o.ended_at IS NULL AND o.alerted_at IS NULL
        AND (o.silent OR NOT COALESCE(s.enabled, true)
             OR o.offline_since <= now() - make_interval(mins => COALESCE(s.offline_minutes, ${DEFAULT_OFFLINE_MINUTES})))
      ORDER BY o.id LIMIT 5000`),
  );
  const now = new Date();
  const due = waiting.filter((row) => {
    const settings = settingsOf(row);
    if (row.silent || !settings.enabled) return true;
    return !inQuietHours(now, row.timezone, settings.quiet_from, settings.quiet_to) && !inPowerOff(row, settings.offline_minutes, now.getTime());
  });
  if (!due.length) return { offline: 0, online };
  const claimed = new Set(
    rowsOf<{ id: number }>(
      await db.execute(sql`
        UPDATE device_outages SET alerted_at = now()
        WHERE id IN (${sql.join(due.map((row) => sql`${row.outage}`), sql`, `)}) AND alerted_at IS NULL AND ended_at IS NULL
        RETURNING id`),
    ).map((row) => Number(row.id)),
  );
  const alerts = due.filter((row) => claimed.has(Number(row.outage)) && !row.silent && settingsOf(row).enabled);
  const byOffice = new Map<string, Row[]>();
  for (const row of alerts) {
    await emitEvent(db, 'device.offline', row.company, {
      device: deviceData(row),
      offline_since: iso(row.offline_since),
      last_contact: lastContactOf(row),
      threshold_minutes: settingsOf(row).offline_minutes,
    });
    const key = String(row.office ?? 'none');
    byOffice.set(key, [...(byOffice.get(key) ?? []), row]);
  }
  if (mailer) {
    for (const rows of byOffice.values()) {
      const emails = settingsOf(rows[0]!).emails;
      if (!emails.length) continue;
      const devices = rows.map((row) => ({ device: deviceData(row), offline_since: iso(row.offline_since), last_contact: lastContactOf(row), timezone: row.timezone }));
      if (rows.length > DIGEST_OVER) await mailer.digest(emails, rows[0]!.office_name, devices).catch(() => undefined);
      else for (const one of devices) await mailer.deviceOffline(emails, one).catch(() => undefined);
    }
  }
  return { offline: alerts.length, online };
}
