import fs from 'node:fs/promises';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deviceCommands, deviceConfigs, offices, pendingClients } from '../../server/db/devices.schema.ts';
import { apiClient, signIn, startTestServer, type TestServer } from '../helpers/server.ts';
import { createCompanyAndOffice, createDevice, heartbeat, photoForm, TINY_PNG } from './devices.helpers.ts';

let server: TestServer;
let client: ReturnType<typeof apiClient>;
beforeAll(async () => {
  server = await startTestServer();
  client = (await signIn(server)).client;
});
afterAll(async () => {
  await server?.close();
});

const rows = async <T>(query: ReturnType<typeof sql>) => ((await server.ctx.db.execute(query)) as unknown as { rows: T[] }).rows;

/*
 * Migration 0007 rebuilds the devices table with its filter columns first. Its INSERT names every column, so running
 * it again over a table it already rebuilt takes the same path as the first run over the old layout: here it runs
 * over a fleet with every kind of link a device has, and everything must come out as it went in.
 */
describe('migration 0007: the devices table rebuilt with its filter columns first', () => {
  it('keeps every device, its id sequence, links, unique rules, cascades and change-log triggers', async () => {
    const { office } = await createCompanyAndOffice(client, 'Rebuild Co');
    const full = await createDevice(client, {
      mac: '0A:0B:0C:0D:0E:71',
      name: 'Rebuilt screen',
      office: office.id,
      device_type: 'android',
      screen_type: 'LCD',
      description: 'by the door',
      mount_date: '2024-01-02',
      warranty: '2029-03-04',
      position: 'vertical',
      ip: '10.1.2.3',
    });
    expect((await client.call('PUT', `/tvpi/device/${full.id}/upload-photo`, photoForm(TINY_PNG, 'image/png', 'door.png'))).status).toBe(200);
    expect((await heartbeat(server, full, { version: '2.2', schedule_state: 'playing' })).status).toBe(200);
    expect((await client.post(`/tvpi/devices/${full.id}/send-command`, { command: 'REBOOT' })).status).toBeLessThan(300);
    const disabled = await createDevice(client, { name: 'Rebuilt disabled' });
    await client.put(`/tvpi/devices/${disabled.id}/change-active`, { is_active: false });
    // a player adopted from /clients
    const adoptedSerial = `ADOPT-${process.pid}`;
    await apiClient(server).post('/player/hello/', { serial: adoptedSerial, version: '1.0' });
    const adopted = await createDevice(client, { sn: adoptedSerial });

    const ids = [full.id, disabled.id, adopted.id];
    const detailsOf = async () => Promise.all(ids.map(async (id) => (await client.get(`/tvpi/devices/${id}`)).body));
    const configsOf = async (id: number) => (await client.get(`/tvpi/devices/${id}/configs/`)).body;
    const before = await detailsOf();
    const configsBefore = await configsOf(full.id);
    const list = async () => (await client.get('/tvpi/devices/?search=rebuilt')).body;
    const listBefore = await list();

    const body = await fs.readFile(path.join(import.meta.dirname, '../../server/db/migrations/0007_devices_filter_columns_first.sql'), 'utf8');
    await server.ctx.database.exclusive((query) => query(`BEGIN;\n${body}\n;COMMIT;`));
    // Over today's table, 0007 leaves out the columns later migrations add; those the API reads through the table's
    // schema (0053, tags; 0056, display) come after it as on a first run (each is written to run again).
    for (const later of ['0053_device_tags.sql', '0056_power_schedules.sql']) {
      const again = await fs.readFile(path.join(import.meta.dirname, '../../server/db/migrations', later), 'utf8');
      await server.ctx.database.exclusive((query) => query(`BEGIN;\n${again}\n;COMMIT;`));
    }

    const columns = await rows<{ attname: string }>(
      sql`SELECT attname FROM pg_attribute WHERE attrelid = 'devices'::regclass AND attnum > 0 AND NOT attisdropped ORDER BY attnum`,
    );
    expect(columns.slice(0, 6).map((column) => column.attname)).toEqual(['id', 'is_active', 'position_rank', 'office_id', 'last_connection', 'signed_off_at']);
    expect(await detailsOf()).toEqual(before);
    expect(await configsOf(full.id)).toEqual(configsBefore);
    expect(await list()).toEqual(listBefore);

    // the id sequence goes on where it was
    const next = await createDevice(client, { name: 'Rebuilt after' });
    expect(next.id).toBeGreaterThan(Math.max(...ids));
    // unique SN and MAC, told apart by their index names
    const duplicateSn = await client.post('/tvpi/devices/create/', { sn: full.sn, user: 1 });
    const duplicateMac = await client.post('/tvpi/devices/create/', { sn: `${full.sn}-2`, mac: '0a:0b:0c:0d:0e:71', user: 1 });
    expect([duplicateSn.status, duplicateSn.body.code, duplicateMac.status, duplicateMac.body.code]).toEqual([409, 'device_exists', 409, 'device_exists']);
    // checks
    expect((await client.put(`/tvpi/devices/${next.id}`, { position: 'diagonal' })).status).toBe(400);
    await expect(server.ctx.db.execute(sql`UPDATE devices SET position = 'diagonal' WHERE id = ${next.id}`)).rejects.toThrow();
    // the change log still hears activation changes
    const seqBefore = (await rows<{ seq: string }>(sql`SELECT COALESCE(max(seq), 0) AS seq FROM device_changes`))[0]!.seq;
    await client.put(`/tvpi/devices/${full.id}/change-active`, { is_active: false });
    const logged = await rows<{ device_id: number }>(sql`SELECT device_id FROM device_changes WHERE seq > ${seqBefore}`);
    expect(logged.map((row) => row.device_id)).toContain(full.id);
    // an office that goes leaves its devices without one
    await server.ctx.db.delete(offices).where(eq(offices.id, office.id));
    expect((await client.get(`/tvpi/devices/${full.id}`)).body.office).toBeNull();
    // deleting a device takes its configs and commands along, and frees its adopted player
    for (const id of [full.id, adopted.id]) expect((await client.delete(`/tvpi/devices/${id}`)).status).toBe(204);
    expect(await server.ctx.db.select().from(deviceConfigs).where(eq(deviceConfigs.deviceId, full.id))).toEqual([]);
    expect(await server.ctx.db.select().from(deviceCommands).where(eq(deviceCommands.deviceId, full.id))).toEqual([]);
    const [player] = await server.ctx.db.select().from(pendingClients).where(eq(pendingClients.serial, adoptedSerial));
    expect(player?.adoptedDeviceId).toBeNull();
  });
});
