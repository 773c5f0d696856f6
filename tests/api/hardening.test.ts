import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { devices } from '../../server/db/devices.schema.ts';
import { ContactWriter, type Contact } from '../../server/db/heartbeats.ts';
import { apiClient, signIn, startTestServer, type TestServer } from '../helpers/server.ts';
import { createDevice, heartbeat } from './devices.helpers.ts';

let server: TestServer;
let client: ReturnType<typeof apiClient>;
beforeAll(async () => {
  server = await startTestServer();
  client = (await signIn(server)).client;
});
afterAll(async () => {
  await server?.close();
});

const storedVersion = async (id: number) => (await server.ctx.db.select({ version: devices.version }).from(devices).where(eq(devices.id, id)))[0]?.version;
const contact = (deviceId: number, version: string): Contact => ({ deviceId, at: Date.now(), ip: null, version, scheduleState: null, scheduleExpiry: undefined });

describe('defect 1: one heartbeat cannot poison the fleet', () => {
  it('refuses U+0000 in a heartbeat at the door, and the fleet keeps being recorded', async () => {
    const good = await createDevice(client);
    const bad = await createDevice(client);
    const refused = await heartbeat(server, bad, { version: '1.0\u0000' });
    expect([refused.status, refused.body]).toEqual([
      400,
      { detail: 'The request has invalid fields.', code: 'validation_error', fields: { version: 'invalid_characters' } },
    ]);
    expect((await heartbeat(server, good, { version: '2.0' })).status).toBe(200);
    const list = await client.get('/tvpi/devices/?page_size=500');
    expect(list.status).toBe(200);
    expect(list.body.results.find((d: { id: number }) => d.id === good.id)).toMatchObject({ version: '2.0', status: 'online' });
    expect((await client.get(`/tvpi/devices/${bad.id}`)).status).toBe(200);
  });

  it('writes the rest of a batch when the database refuses one contact, drops that one and reports it', async () => {
    const ids = await Promise.all([1, 2, 3, 4, 5].map(async () => (await createDevice(client)).id));
    const dropped: Contact[] = [];
    const writer = new ContactWriter(server.ctx.db, (_error, contactDropped) => void (contactDropped && dropped.push(contactDropped)));
    ids.forEach((id, i) => writer.note(contact(id, i === 2 ? 'poison\u0000' : `ok-${i}`)));
    await writer.flush();
    expect(writer.size).toBe(0);
    expect(dropped.map((c) => c.deviceId)).toEqual([ids[2]]);
    expect(await Promise.all(ids.map(storedVersion))).toEqual(['ok-0', 'ok-1', '', 'ok-3', 'ok-4']);
    // the next batch is not held back by the dropped row
    writer.note(contact(ids[0]!, 'ok-again'));
    await writer.flush();
    expect(await storedVersion(ids[0]!)).toBe('ok-again');
  });

  it('shuts down cleanly with a refused contact waiting', async () => {
    const id = (await createDevice(client)).id;
    const reports: unknown[] = [];
    const writer = new ContactWriter(server.ctx.db, (error) => void reports.push(error));
    writer.note(contact(id, 'x\u0000'));
    await expect(writer.close()).resolves.toBeUndefined();
    expect(reports).toHaveLength(1);
  });
});
