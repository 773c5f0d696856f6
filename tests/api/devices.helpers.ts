import { eq } from 'drizzle-orm';
import { devices } from '../../server/db/devices.schema.ts';
import { apiClient, type TestServer } from '../helpers/server.ts';

type Client = ReturnType<typeof apiClient>;

/** A 1x1 transparent PNG. */
export const TINY_PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);

let serial = 0;
/** A unique serial number for this test run. */
export function nextSerial(prefix = 'SN'): string {
  serial += 1;
  return `${prefix}-${process.pid}-${serial}`;
}

export async function createDevice(client: Client, fields: Record<string, unknown> = {}) {
  const response = await client.post('/tvpi/devices/create/', { sn: nextSerial(), user: 1, ...fields });
  if (response.status !== 201) throw new Error(`device create failed: ${response.status} ${JSON.stringify(response.body)}`);
  return response.body as { id: number; sn: string; key: string; [field: string]: unknown };
}

export async function createCompanyAndOffice(client: Client, name: string) {
  const company = await client.post('/companies/create/', { name, user: 1 });
  if (company.status !== 201) throw new Error(`company create failed: ${company.status} ${JSON.stringify(company.body)}`);
  const office = await client.post('/branch-offices/create/', { company: company.body.id, name: `${name} HQ`, address: 'Main street 1', user: 1 });
  if (office.status !== 201) throw new Error(`office create failed: ${office.status} ${JSON.stringify(office.body)}`);
  return { company: company.body as { id: number; name: string }, office: office.body as { id: number; name: string } };
}

/** Sends a heartbeat as the player of a device (credentials in headers). */
export function heartbeat(server: TestServer, device: { sn: string; key: string }, body: Record<string, unknown> = {}) {
  return apiClient(server).post('/player/heartbeat/', body, { 'x-device-serial': device.sn, 'x-device-key': device.key });
}

/** Moves a device's last heartbeat into the past, as if its player had stopped that long ago. */
export async function setLastConnection(server: TestServer, id: number, secondsAgo: number) {
  await server.ctx.db
    .update(devices)
    .set({ lastConnection: new Date(Date.now() - secondsAgo * 1000) })
    .where(eq(devices.id, id));
}

export function photoForm(bytes: Buffer, type = 'image/png', name = 'photo.png', field = 'photo') {
  const form = new FormData();
  form.append(field, new Blob([new Uint8Array(bytes)], { type }), name);
  return form;
}
