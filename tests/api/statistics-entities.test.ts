import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiClient, signIn, startTestServer, type TestServer } from '../helpers/server.ts';
import { createCompanyAndOffice, createDevice, nextSerial } from './devices.helpers.ts';
import { insertMedia } from './statistics.helpers.ts';

let server: TestServer;
let client: ReturnType<typeof apiClient>;
beforeAll(async () => {
  server = await startTestServer();
  client = (await signIn(server)).client;
});
afterAll(async () => {
  await server?.close();
});

async function own(table: 'campaigns' | 'media_files', id: number, company: number) {
  await server.ctx.db.execute(sql`UPDATE ${sql.raw(table)} SET company_id = ${company} WHERE id = ${id}`);
}

async function campaign(name: string, company?: number) {
  const created = await client.post('/campaigns/create/', { name, screen_position: 'horizontal', user: 1 });
  expect(created.status).toBe(201);
  if (company) await own('campaigns', created.body.id, company);
  return created.body.id as number;
}

async function signedInUser(companies: number[], permissions: Record<string, string>) {
  const username = nextSerial('picker').toLowerCase();
  const group = await client.post('/groups/create/', { name: `Group ${username}`, companies, permissions });
  expect(group.status).toBe(201);
  expect((await client.post('/users/', { username, password: `${username}-pass-1`, user: 1, groups: [group.body.id] })).status).toBe(201);
  return (await signIn(server, username, `${username}-pass-1`)).client;
}

describe('GET /statistics/entities/', () => {
  it("finds the campaigns, devices and media of the caller's companies with statistics view alone", async () => {
    const tag = nextSerial('Pick').toLowerCase();
    const { company: mine, office: myOffice } = await createCompanyAndOffice(client, `Pick mine ${tag}`);
    const { company: theirs, office: theirOffice } = await createCompanyAndOffice(client, `Pick theirs ${tag}`);
    const myCampaign = await campaign(`Spring ${tag}`, mine.id);
    const myOtherCampaign = await campaign(`Autumn ${tag}`, mine.id);
    const theirCampaign = await campaign(`Spring ${tag} rival`, theirs.id);
    const loneCampaign = await campaign(`Spring ${tag} lone`);
    const myDevice = await createDevice(client, { position: 'horizontal', name: `Lobby ${tag}`, office: myOffice.id });
    const namelessDevice = await createDevice(client, { position: 'horizontal', sn: `SN-${tag}-bare`, office: myOffice.id });
    const theirDevice = await createDevice(client, { position: 'horizontal', name: `Lobby ${tag} rival`, office: theirOffice.id });
    const myMedia = await insertMedia(server, `Clip ${tag}`);
    await own('media_files', myMedia, mine.id);
    const theirMedia = await insertMedia(server, `Clip ${tag} rival`);
    await own('media_files', theirMedia, theirs.id);

    const viewer = await signedInUser([mine.id], { statistics: 'view' });
    // the lists the pickers used before are closed to this user
    for (const path of ['/campaigns/', '/tvpi/devices/', '/media/files/']) expect((await viewer.get(path)).status).toBe(403);

    const find = async (who: typeof viewer, query: string) => {
      const answer = await who.get(`/statistics/entities/?${query}`);
      expect(answer.status, query).toBe(200);
      return answer.body as { kind: string; id: number; name: string }[];
    };
    expect(await find(viewer, `kind=campaign&search=${tag}`)).toEqual([
      { kind: 'campaign', id: myOtherCampaign, name: `Autumn ${tag}` },
      { kind: 'campaign', id: myCampaign, name: `Spring ${tag}` },
    ]);
    expect(await find(viewer, `kind=campaign&search=SPRING%20${tag}`)).toEqual([{ kind: 'campaign', id: myCampaign, name: `Spring ${tag}` }]);
    expect((await find(viewer, `kind=device&search=${tag}`)).map((row) => row.id).sort((a, b) => a - b)).toEqual([myDevice.id, namelessDevice.id].sort((a, b) => a - b));
    // a device without a name is named by its serial, and found by it
    expect(await find(viewer, `kind=device&search=${tag}-bare`)).toEqual([{ kind: 'device', id: namelessDevice.id, name: `SN-${tag}-bare` }]);
    expect(await find(viewer, `kind=media&search=${tag}`)).toEqual([{ kind: 'media', id: myMedia, name: `Clip ${tag}` }]);
    // without a search: the first of the caller's companies only
    const all = await find(viewer, 'kind=campaign&limit=100');
    expect(all.map((row) => row.id)).toEqual([myOtherCampaign, myCampaign]);
    expect((await find(viewer, 'kind=device')).map((row) => row.id).sort((a, b) => a - b)).toEqual([myDevice.id, namelessDevice.id].sort((a, b) => a - b));
    // LIKE's own characters are text
    expect(await find(viewer, 'kind=campaign&search=%25')).toEqual([]);
    expect(await find(viewer, 'kind=campaign&search=_')).toEqual([]);

    // the administrator sees every company's, and those of no company
    const everyone = await find(client, `kind=campaign&search=${tag}`);
    expect(everyone.map((row) => row.id)).toEqual([loneCampaign, theirCampaign, myOtherCampaign, myCampaign]);
    expect((await find(client, `kind=device&search=${tag}`)).map((row) => row.id)).toContain(theirDevice.id);
    expect((await find(client, `kind=media&search=${tag}`)).map((row) => row.id)).toEqual([theirMedia, myMedia]);

    // a user of the other company sees theirs alone; a user without companies sees nothing
    const rival = await signedInUser([theirs.id], { statistics: 'view' });
    expect((await find(rival, `kind=campaign&search=${tag}`)).map((row) => row.id)).toEqual([theirCampaign]);
    expect((await find(rival, `kind=device&search=${tag}`)).map((row) => row.id)).toEqual([theirDevice.id]);
    const nowhere = await signedInUser([], { statistics: 'view' });
    expect(await find(nowhere, 'kind=media')).toEqual([]);
  });

  it('answers at most `limit` matches (20 by default), 400 for a bad kind, limit or search, 403 without statistics view', async () => {
    const tag = nextSerial('Many').toLowerCase();
    const ids: number[] = [];
    for (let index = 0; index < 25; index += 1) ids.push(await campaign(`Many ${tag} ${index}`));
    expect((await client.get(`/statistics/entities/?kind=campaign&search=${tag}`)).body).toHaveLength(20);
    expect((await client.get(`/statistics/entities/?kind=campaign&search=${tag}&limit=1`)).body).toEqual([{ kind: 'campaign', id: ids[24], name: `Many ${tag} 24` }]);
    expect((await client.get(`/statistics/entities/?kind=campaign&search=${tag}&limit=100`)).body).toHaveLength(25);
    for (const query of ['', 'kind=playlist', 'kind=campaign&limit=0', 'kind=campaign&limit=101', 'kind=campaign&limit=abc', 'kind=campaign&limit=1.5', `kind=media&search=${'x'.repeat(201)}`]) {
      const answer = await client.get(`/statistics/entities/?${query}`);
      expect(answer.status, query).toBe(400);
      expect(answer.body.code, query).toBe('validation_error');
    }
    const { company } = await createCompanyAndOffice(client, `Blind ${tag}`);
    const blind = await signedInUser([company.id], { campaigns: 'view', devices: 'view', media: 'view' });
    expect((await blind.get('/statistics/entities/?kind=campaign')).status).toBe(403);
    expect((await apiClient(server).get('/statistics/entities/?kind=campaign')).status).toBe(401);
  });
});
