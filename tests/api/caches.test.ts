import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CACHE_TTL_MS } from '../../server/caches.ts';
import { devices } from '../../server/db/devices.schema.ts';
import { apiClient, createUserAndSignIn, signIn, startSecondInstance, startTestServer, type TestServer } from '../helpers/server.ts';
import { createDevice, heartbeat } from './devices.helpers.ts';
import { authenticator } from '../helpers/totp.ts';

/*
 * The in-process caches of the hot paths (server/caches.ts): writes through an instance take effect on it at once,
 * and on another instance sharing the database within CACHE_TTL_MS.
 */

let server: TestServer;
let other: Awaited<ReturnType<typeof startSecondInstance>>;
let admin: ReturnType<typeof apiClient>;
beforeAll(async () => {
  server = await startTestServer();
  other = await startSecondInstance(server);
  admin = (await signIn(server)).client;
});
afterAll(async () => {
  await other?.close();
  await server?.close();
});

/** Calls `attempt` until `done` holds of its answer; answers the last one and how long it took. Fails after `limitMs`. */
async function until<T>(attempt: () => Promise<T>, done: (value: T) => boolean, limitMs: number): Promise<{ value: T; elapsedMs: number; all: T[] }> {
  const started = performance.now();
  const all: T[] = [];
  for (;;) {
    const value = await attempt();
    all.push(value);
    const elapsedMs = performance.now() - started;
    if (done(value)) return { value, elapsedMs, all };
    if (elapsedMs > limitMs) throw new Error(`not done after ${Math.round(elapsedMs)} ms: ${JSON.stringify(value)}`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

/** Allowance for the requests themselves on a busy machine, on top of the cache bound. */
const SLACK_MS = 1500;

const lastConnection = async (id: number) => (await server.ctx.db.select({ at: devices.lastConnection }).from(devices).where(eq(devices.id, id)))[0]!.at;
const statusOf = async (id: number) => (await admin.get(`/tvpi/devices/${id}`)).body.status;

/** A device whose player has beaten twice with its current config version: the second heartbeat came from the cache. */
async function beatingDevice(via: Pick<TestServer, 'api'> = server) {
  const device = await createDevice(admin);
  const first = await heartbeat(via as TestServer, device, { version: '2.0', schedule_state: 'playing', config_version: 1 });
  expect(first.status).toBe(200);
  const beat = (body: Record<string, unknown> = {}) => heartbeat(via as TestServer, device, { version: '2.0', schedule_state: 'playing', config_version: first.body.config_version, ...body });
  expect((await beat()).status).toBe(200);
  return { device, beat };
}

describe('signed-in users', () => {
  it('refuses a deleted user’s token at once on the instance that deleted them', async () => {
    const bob = await createUserAndSignIn(server, 'cache-bob');
    expect((await bob.client.get('/users/profile/')).status).toBe(200);
    expect((await admin.delete(`/users/${bob.id}/`)).status).toBe(204);
    const refused = await bob.client.get('/users/profile/');
    expect(refused.status).toBe(401);
    expect(refused.body.code).toBe('user_inactive');
  });

  it('refuses a user deleted through another instance within the cache bound', async () => {
    const carol = await createUserAndSignIn(server, 'cache-carol');
    const elsewhere = apiClient(other, carol.access);
    expect((await elsewhere.get('/users/profile/')).status).toBe(200);
    expect((await admin.delete(`/users/${carol.id}/`)).status).toBe(204);
    const { value, elapsedMs } = await until(() => elsewhere.get('/users/profile/'), (r) => r.status === 401, CACHE_TTL_MS + SLACK_MS);
    expect(value.body.code).toBe('user_inactive');
    expect(elapsedMs).toBeLessThan(CACHE_TTL_MS + SLACK_MS);
  });

  it("on another instance: holds a user's session, single sign-on session and API token within the cache bound once their company requires two-factor codes, and lets them go within it after they enrol", async () => {
    const company = (await admin.post('/companies/create/', { name: 'Cache two-factor company', user: 1 })).body;
    const group = (await admin.post('/groups/create/', { name: 'Cache two-factor staff', companies: [company.id], permissions: { devices: 'view' } })).body;
    const carol = await createUserAndSignIn(server, 'cache-dana', 'dana-password-1');
    expect((await admin.put(`/users/${carol.id}/`, { groups: [group.id] })).status).toBe(200);
    const token = (await carol.client.post('/profile/api-tokens/', { name: 'Dana feed', permissions: { devices: 'view' } })).body.token as string;
    const sso = await server.ctx.tokens.issue(carol.id, undefined, 'oidc');
    const there = { session: apiClient(other, carol.access), sso: apiClient(other, sso.access), token: apiClient(other, token, 'Token') };
    const codes = async () => [(await there.session.get('/tvpi/devices/')).body.code ?? 'ok', (await there.sso.get('/tvpi/devices/')).body.code ?? 'ok', (await there.token.get('/tvpi/devices/')).body.code ?? 'ok'];
    expect(await codes()).toEqual(['ok', 'ok', 'ok']);
    try {
      expect((await admin.put(`/companies/${company.id}`, { require_two_factor: true })).status).toBe(200);
      const held = await until(codes, (answer) => answer[0] === 'two_factor_required' && answer[2] === 'two_factor_required', CACHE_TTL_MS + SLACK_MS);
      expect(held.value).toEqual(['two_factor_required', 'ok', 'two_factor_required']);
      expect((await admin.put(`/companies/${company.id}`, { require_two_factor_sso: true })).status).toBe(200);
      await until(codes, (answer) => answer.every((code) => code === 'two_factor_required'), CACHE_TTL_MS + SLACK_MS);
      const { secret } = (await carol.client.post('/profile/two-factor/enrol/')).body as { secret: string };
      expect((await carol.client.post('/profile/two-factor/confirm/', { code: authenticator(secret).next() })).status).toBe(200);
      await until(codes, (answer) => answer.every((code) => code === 'ok'), CACHE_TTL_MS + SLACK_MS);
    } finally {
      await admin.put(`/companies/${company.id}`, { require_two_factor: false, require_two_factor_sso: false });
    }
  });
});

describe('heartbeats', () => {
  it('skips rewriting a recent last_connection, and the device stays online', async () => {
    const { device, beat } = await beatingDevice();
    const written = await lastConnection(device.id);
    const answer = await beat();
    expect(answer.body).toEqual({ device: device.id, commands: [], schedule_version: 0, navigation_version: 0, config_version: 1, configs: null });
    expect(await lastConnection(device.id)).toEqual(written);
    expect(await statusOf(device.id)).toBe('online');
  });

  it('writes at once what the player reports anew', async () => {
    const { device, beat } = await beatingDevice();
    expect((await beat({ schedule_state: 'waiting', ip: '10.1.2.3' })).status).toBe(200);
    expect((await admin.get(`/tvpi/devices/${device.id}`)).body).toMatchObject({ schedule_state: 'waiting', ip: '10.1.2.3', version: '2.0', status: 'online' });
  });

  it('refuses a device deactivated on this instance at the next heartbeat', async () => {
    const { device, beat } = await beatingDevice();
    await admin.put(`/tvpi/devices/${device.id}/change-active`, { is_active: false });
    const refused = await beat();
    expect(refused.status).toBe(403);
    expect(refused.body.code).toBe('device_disabled');
  });

  it('delivers a REBOOT queued on this instance at the next heartbeat, once', async () => {
    const { device, beat } = await beatingDevice();
    const queued = await admin.post(`/tvpi/devices/${device.id}/send-command`, { command: 'REBOOT' });
    expect((await beat()).body.commands).toEqual([{ id: queued.body.id, command: 'REBOOT', created_at: queued.body.created_at }]);
    expect((await beat()).body.commands).toEqual([]);
  });

  it('hands over a config saved on this instance at the next heartbeat', async () => {
    const { device, beat } = await beatingDevice();
    const [config] = (await admin.get(`/tvpi/devices/${device.id}/configs/`)).body;
    await admin.put(`/tvpi/devices/${device.id}/configs/${config.id}`, { content: '{"volume": 7}' });
    const answer = await beat();
    expect(answer.body.config_version).toBe(2);
    expect(answer.body.configs[0]).toMatchObject({ id: config.id, content: '{"volume": 7}' });
  });

  it('turns a signed-off device online again at its next heartbeat', async () => {
    const { device, beat } = await beatingDevice();
    await apiClient(server).post('/player/bye/', {}, { 'x-device-serial': device.sn, 'x-device-key': device.key });
    expect(await statusOf(device.id)).toBe('offline');
    expect((await beat()).status).toBe(200);
    expect(await statusOf(device.id)).toBe('online');
  });

  it('on another instance: refuses a device deactivated elsewhere within the cache bound', async () => {
    const { device, beat } = await beatingDevice(other);
    await admin.put(`/tvpi/devices/${device.id}/change-active`, { is_active: false });
    const { value, elapsedMs } = await until(() => beat(), (r) => r.status !== 200, CACHE_TTL_MS + SLACK_MS);
    expect(value.status).toBe(403);
    expect(elapsedMs).toBeLessThan(CACHE_TTL_MS + SLACK_MS);
  });

  it('on another instance: delivers a REBOOT queued elsewhere within the cache bound, exactly once', async () => {
    const { device, beat } = await beatingDevice(other);
    const queued = await admin.post(`/tvpi/devices/${device.id}/send-command`, { command: 'REBOOT' });
    const { elapsedMs, all } = await until(() => beat(), (r) => r.body.commands.length > 0, CACHE_TTL_MS + SLACK_MS);
    expect(elapsedMs).toBeLessThan(CACHE_TTL_MS + SLACK_MS);
    const later = await Promise.all([beat(), heartbeat(server, device, { version: '2.0', schedule_state: 'playing', config_version: 1 })]);
    expect([...all, ...later].flatMap((r) => r.body.commands)).toEqual([{ id: queued.body.id, command: 'REBOOT', created_at: queued.body.created_at }]);
  });

  it('on another instance: turns a device signed off elsewhere online again within the cache bound', async () => {
    const { device, beat } = await beatingDevice(other);
    await apiClient(server).post('/player/bye/', {}, { 'x-device-serial': device.sn, 'x-device-key': device.key });
    expect(await statusOf(device.id)).toBe('offline');
    const { elapsedMs } = await until(
      async () => {
        await beat();
        return statusOf(device.id);
      },
      (status) => status === 'online',
      CACHE_TTL_MS + SLACK_MS,
    );
    expect(elapsedMs).toBeLessThan(CACHE_TTL_MS + SLACK_MS);
  });
});

describe('player cache at start', () => {
  it('an instance starting over a database with devices knows their players before the first heartbeat', async () => {
    const device = await createDevice(admin);
    const deactivated = await createDevice(admin);
    expect((await admin.put(`/tvpi/devices/${deactivated.id}/change-active`, { user: 1 })).status).toBe(200);
    const third = await startSecondInstance(server);
    try {
      expect(third.ctx.players.get(device.sn)).toMatchObject({ id: device.id, key: device.key, isActive: true });
      // Only active devices are preloaded: a disabled one is read (and refused) when it calls.
      expect(third.ctx.players.get(deactivated.sn)).toBeUndefined();
      const answer = await heartbeat(third as TestServer, device, { config_version: 1 });
      expect(answer.status).toBe(200);
      expect(answer.body.device).toBe(device.id);
    } finally {
      await third.close();
    }
  });
});
