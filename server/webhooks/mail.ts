import nodemailer from 'nodemailer';
import { ONLINE_WINDOW_SECONDS } from '../domain/devices.ts';
import { serverTimeZone } from '../domain/occurrences.ts';

/**
 * Offline alerts by email (SMTP_URL): plain text, one message per alert or one digest per office. Times are the
 * office's wall-clock time to the minute with its zone ("28 Nov 2026, 17:32 (Europe/Moscow, GMT+3)"): the last contact
 * with the screen, which is what the person on call compares with what they saw, not the instant the 120 s rule tripped.
 */
export interface Mailer {
  deviceOffline(to: string[], alert: OfflineAlert): Promise<void>;
  deviceBack(to: string[], alert: Omit<OfflineAlert, 'last_contact'> & { back_at: string }): Promise<void>;
  digest(to: string[], office: string | null, alerts: OfflineAlert[]): Promise<void>;
  close(): void;
}

interface DeviceRef {
  id: number;
  name: string;
  sn: string;
  office_name: string | null;
}

/** One outage as the emails tell it: instants as ISO strings, `timezone` the office's IANA zone (null: the server's). */
export interface OfflineAlert {
  device: DeviceRef;
  offline_since: string;
  last_contact: string;
  timezone: string | null;
}

const label = (device: DeviceRef) => `${device.name || device.sn} (SN ${device.sn}${device.office_name ? `, ${device.office_name}` : ''})`;

/** An instant as the office's wall-clock time to the minute, with the zone: "28 Nov 2026, 17:32 (Europe/Moscow, GMT+3)". */
export function officeLocalTime(iso: string, timeZone: string | null): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  let zone = timeZone || serverTimeZone();
  let format: Intl.DateTimeFormat;
  try {
    format = new Intl.DateTimeFormat('en-GB', { timeZone: zone, day: 'numeric', month: 'short', year: 'numeric', hour: '2-digit', minute: '2-digit', hourCycle: 'h23', timeZoneName: 'shortOffset' });
  } catch {
    zone = 'UTC';
    format = new Intl.DateTimeFormat('en-GB', { timeZone: zone, day: 'numeric', month: 'short', year: 'numeric', hour: '2-digit', minute: '2-digit', hourCycle: 'h23', timeZoneName: 'shortOffset' });
  }
  const parts = format.formatToParts(date);
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((one) => one.type === type)?.value ?? '';
  return `${part('day')} ${part('month')} ${part('year')}, ${part('hour')}:${part('minute')} (${zone === 'UTC' ? zone : `${zone}, ${part('timeZoneName')}`})`;
}

const lastContact = (alert: OfflineAlert) => officeLocalTime(alert.last_contact, alert.timezone);
const RULE = `A screen counts as offline ${ONLINE_WINDOW_SECONDS / 60} minutes after its last contact.`;

export function createMailer(smtpUrl: string, from: string, log: { warn(obj: unknown, msg?: string): void }): Mailer {
  const transport = nodemailer.createTransport(smtpUrl);
  const send = async (to: string[], subject: string, text: string) => {
    try {
      await transport.sendMail({ from, to, subject, text });
    } catch (error) {
      log.warn({ err: error }, 'sending an offline alert email failed');
      throw error;
    }
  };
  return {
    deviceOffline: (to, alert) =>
      send(to, `Screen offline: ${alert.device.name || alert.device.sn}`, `${label(alert.device)} is offline: last contact ${lastContact(alert)}.\n\n${RULE}\n`),
    deviceBack: (to, alert) =>
      send(
        to,
        `Screen back online: ${alert.device.name || alert.device.sn}`,
        `${label(alert.device)} is back online at ${officeLocalTime(alert.back_at, alert.timezone)}; it counted as offline from ${officeLocalTime(alert.offline_since, alert.timezone)}.\n\n${RULE}\n`,
      ),
    digest: (to, office, alerts) =>
      send(
        to,
        `${alerts.length} screens offline${office ? ` in ${office}` : ''}`,
        `${alerts.length} screens went offline at once:\n\n${alerts.map((alert) => `- ${label(alert.device)}: last contact ${lastContact(alert)}`).join('\n')}\n\n${RULE}\n`,
      ),
    close: () => transport.close(),
  };
}
