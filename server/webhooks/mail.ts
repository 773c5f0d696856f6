import nodemailer from 'nodemailer';

/** Offline alerts by email (SMTP_URL): plain text, one message per alert or one digest per office. */
export interface Mailer {
  deviceOffline(to: string[], alert: { device: DeviceRef; offline_since: string }): Promise<void>;
  deviceBack(to: string[], alert: { device: DeviceRef; offline_since: string; back_at: string }): Promise<void>;
  digest(to: string[], office: string | null, alerts: { device: DeviceRef; offline_since: string }[]): Promise<void>;
  close(): void;
}

interface DeviceRef {
  id: number;
  name: string;
  sn: string;
  office_name: string | null;
}

const label = (device: DeviceRef) => `${device.name || device.sn} (SN ${device.sn}${device.office_name ? `, ${device.office_name}` : ''})`;

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
    deviceOffline: (to, alert) => send(to, `Screen offline: ${alert.device.name || alert.device.sn}`, `${label(alert.device)} has been offline since ${alert.offline_since}.\n`),
    deviceBack: (to, alert) => send(to, `Screen back online: ${alert.device.name || alert.device.sn}`, `${label(alert.device)} is back online at ${alert.back_at} (offline since ${alert.offline_since}).\n`),
    digest: (to, office, alerts) =>
      send(
        to,
        `${alerts.length} screens offline${office ? ` in ${office}` : ''}`,
        `${alerts.length} screens went offline at once:\n\n${alerts.map((alert) => `- ${label(alert.device)} since ${alert.offline_since}`).join('\n')}\n`,
      ),
    close: () => transport.close(),
  };
}
