import { sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { insertEvent } from '../../server/db/campaigns.ts';
import { storePlaysOfDevices } from '../../server/db/plays.ts';
import { apiClient, signIn, startTestServer, type TestServer } from '../helpers/server.ts';
import { createCompanyAndOffice, createDevice } from './devices.helpers.ts';
import { countRows, createFleet, daysAgo, insertMedia, play, postPlays, publishEvent } from './statistics.helpers.ts';

let server: TestServer;
let client: ReturnType<typeof apiClient>;
beforeAll(async () => {
  server = await startTestServer();
  client = (await signIn(server)).client;
});
afterAll(async () => {
  await server?.close();
});

const yesterday = daysAgo(1);

/** Gives a campaign or media file an owning company (as a create by a user of that company would). */
async function own(server: TestServer, table: 'campaigns' | 'media_files', id: number, company: number) {
  await server.ctx.db.execute(sql`UPDATE ${sql.raw(table)} SET company_id = ${company} WHERE id = ${id}`);
}
const at = (time: string) => `${yesterday}T${time}Z`;

describe('POST /player/plays/', () => {
  it('stores a batch once: the same batch again and an overlapping one add nothing twice', async () => {
    const fleet = await createFleet(server, client, 1);
    const [device] = fleet.devices;
    const batch = [play(fleet, 'p-1', at('10:00:00')), play(fleet, 'p-2', at('10:01:00')), play(fleet, 'p-3', at('11:30:00'), 5)];
    const first = await postPlays(server, device!, batch);
    expect(first.status).toBe(200);
    expect(first.body).toEqual({ accepted: 3, duplicates: 0, refused: [] });
    expect((await postPlays(server, device!, batch)).body).toEqual({ accepted: 0, duplicates: 3, refused: [] });
    const overlapping = [play(fleet, 'p-3', at('11:30:00'), 5), play(fleet, 'p-4', at('11:31:00')), play(fleet, 'p-4', at('11:31:00'))];
    expect((await postPlays(server, device!, overlapping)).body).toEqual({ accepted: 1, duplicates: 2, refused: [] });
    expect(await countRows(server, 'plays', [device!.id])).toBe(4);
    // the roll-ups count each play once as well
    expect(await countRows(server, 'play_hours', [device!.id])).toBe(4);
    // the same id from another device is another play
    const other = await createDevice(client, { position: 'horizontal' });
    await client.put(`/campaigns/${fleet.campaign.id}/devices/`, { devices: [device!.id, other.id] });
    await publishEvent(server, fleet.event, [device!.id, other.id]);
    expect((await postPlays(server, other, [play(fleet, 'p-1', at('10:00:00'))])).body).toEqual({ accepted: 1, duplicates: 0, refused: [] });
  });

  /*
   * Issue 35.20: the batches of the requests that arrive together are stored by one statement (one a request cost
   * about a quarter of PGlite's time with 1,000 players). Each device's plays are checked against its own schedule,
   * stored once and rolled up once, and each request is answered its own outcome.
   */
  it('stores the batches of several devices in one statement, each play once, each answered its own outcome', async () => {
    const fleet = await createFleet(server, client, 3);
    const [a, b, c] = fleet.devices as [{ id: number; sn: string; key: string }, { id: number; sn: string; key: string }, { id: number; sn: string; key: string }];
    const outsider = (await createFleet(server, client, 1)).devices[0]!;
    const input = (fleetPlay: ReturnType<typeof play>) => ({ ...fleetPlay, playlist: null, zone: null, outcome: 'completed' as const });
    const outcomes = await storePlaysOfDevices(server.ctx.db, [
      { device: a.id, plays: [input(play(fleet, 'same-1', at('12:00:00'))), input(play(fleet, 'same-2', at('12:01:00'), 10, fleet.media[1]))] },
      { device: b.id, plays: [input(play(fleet, 'same-1', at('12:00:00'))), input(play(fleet, 'same-1', at('12:00:00')))] },
      { device: outsider.id, plays: [input(play(fleet, 'same-1', at('12:00:00')))] },
      { device: c.id, plays: [input({ ...play(fleet, 'no-media', at('12:00:00')), media: 2_000_000_000 }), input(play(fleet, 'same-3', at('13:00:00'), 4))] },
    ]);
    expect(outcomes).toEqual([
      { accepted: 2, refused: [] },
      { accepted: 1, refused: [] },
      { accepted: 0, refused: [{ id: 'same-1', reason: 'not_scheduled' }] },
      { accepted: 1, refused: [{ id: 'no-media', reason: 'unknown_media' }] },
    ]);
    expect(await Promise.all([a, b, c, outsider].map((device) => countRows(server, 'plays', [device.id])))).toEqual([2, 1, 1, 0]);
    expect(await Promise.all([a, b, c].map((device) => countRows(server, 'play_hours', [device.id])))).toEqual([2, 1, 1]);
    const seconds = await server.ctx.db.execute(
      sql`SELECT device_id, sum(plays)::int AS plays, sum(seconds)::float8 AS seconds FROM play_hours_device WHERE device_id = ANY(${`{${[a.id, b.id, c.id].join(',')}}`}::int[]) GROUP BY device_id ORDER BY device_id`,
    );
    expect((seconds as unknown as { rows: unknown[] }).rows).toEqual([
      { device_id: a.id, plays: 2, seconds: 20 },
      { device_id: b.id, plays: 1, seconds: 10 },
      { device_id: c.id, plays: 1, seconds: 4 },
    ]);

    // Through the route, requests sent together (the same device twice among them): each answered its own, nothing twice.
    const batch = (id: string) => [play(fleet, `${id}-1`, at('14:00:00')), play(fleet, `${id}-2`, at('14:01:00'))];
    const answers = await Promise.all([postPlays(server, a, batch('r')), postPlays(server, b, batch('r')), postPlays(server, c, batch('r')), postPlays(server, a, batch('r'))]);
    expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200, 200]);
    expect(answers.slice(1, 3).map((answer) => answer.body)).toEqual([
      { accepted: 2, duplicates: 0, refused: [] },
      { accepted: 2, duplicates: 0, refused: [] },
    ]);
    expect([answers[0]!.body, answers[3]!.body].sort((x, y) => y.accepted - x.accepted)).toEqual([
      { accepted: 2, duplicates: 0, refused: [] },
      { accepted: 0, duplicates: 2, refused: [] },
    ]);
    expect(await Promise.all([a, b, c].map((device) => countRows(server, 'plays', [device.id])))).toEqual([4, 3, 3]);
  });

  it('refuses plays one by one with a reason and stores the rest', async () => {
    const fleet = await createFleet(server, client, 1);
    const [device] = fleet.devices;
    const elsewhere = await createFleet(server, client, 1);
    const unknownMedia = 2_000_000_000;
    const batch = [
      play(fleet, 'ok-1', at('09:00:00')),
      play(fleet, 'future', new Date(Date.now() + 3_600_000)),
      play(fleet, 'old', new Date(Date.now() - 500 * 86_400_000)),
      { ...play(fleet, 'no-event', at('09:00:00')), event: 2_000_000_000 },
      play(fleet, 'no-media', at('09:00:00'), 10, unknownMedia),
      { ...play(fleet, 'not-mine', at('09:00:00')), event: elsewhere.event, media: elsewhere.media[0] },
      { ...play(fleet, 'bad-duration', at('09:00:00')), duration: -1 },
      { event: fleet.event, media: fleet.media[0], started_at: at('09:00:00'), duration: 3 },
      play(fleet, 'ok-2', at('09:05:00')),
    ];
    const answer = await postPlays(server, device!, batch);
    expect(answer.status).toBe(200);
    expect(answer.body.accepted).toBe(2);
    expect(answer.body.duplicates).toBe(0);
    expect([...answer.body.refused].sort((a: { id: string }, b: { id: string }) => String(a.id).localeCompare(String(b.id)))).toEqual([
      { id: 'bad-duration', reason: 'invalid' },
      { id: 'future', reason: 'in_future' },
      { id: 'no-event', reason: 'unknown_event' },
      { id: 'no-media', reason: 'unknown_media' },
      { id: 'not-mine', reason: 'not_scheduled' },
      { id: null, reason: 'invalid' },
      { id: 'old', reason: 'too_old' },
    ]);
    expect(await countRows(server, 'plays', [device!.id])).toBe(2);
  });

  it('refuses a whole batch that is too large, empty or sent without a valid key, storing nothing', async () => {
    const fleet = await createFleet(server, client, 1);
    const [device] = fleet.devices;
    const tooMany = Array.from({ length: 1001 }, (_, index) => play(fleet, `big-${index}`, at('08:00:00')));
    expect((await postPlays(server, device!, tooMany)).body).toMatchObject({ code: 'validation_error', fields: { plays: 'out_of_range' } });
    expect((await postPlays(server, device!, [])).status).toBe(400);
    expect((await postPlays(server, { sn: device!.sn, key: 'wrong' }, [play(fleet, 'x', at('08:00:00'))])).status).toBe(401);
    expect((await apiClient(server).post('/player/plays/', { plays: [] })).status).toBe(400);
    expect((await postPlays(server, device!, Array.from({ length: 1000 }, (_, index) => play(fleet, `full-${index}`, at('08:00:00'))))).body.accepted).toBe(1000);
    expect(await countRows(server, 'plays', [device!.id])).toBe(1000);
  });
});

describe('a play that failed or was cut short (issue 35.3)', () => {
  it('counts its real seconds on screen and never as a play when it failed: statistics, compare, live and both unloads', async () => {
    const fleet = await createFleet(server, client, 1, 1);
    const [device] = fleet.devices;
    const recent = new Date(Date.now() - 60_000);
    const batch = [
      { ...play(fleet, 'whole', at('15:00:00'), 10), outcome: 'completed' },
      { ...play(fleet, 'cut', at('15:00:10'), 6), outcome: 'partial' },
      { ...play(fleet, 'corrupt', at('15:00:16'), 4), outcome: 'failed' },
      { ...play(fleet, 'corrupt-now', recent, 4), outcome: 'failed' },
      { ...play(fleet, 'weird', at('15:00:20'), 4), outcome: 'skipped' },
    ];
    expect((await postPlays(server, device!, batch)).body).toEqual({ accepted: 4, duplicates: 0, refused: [{ id: 'weird', reason: 'invalid' }] });
    // Failed or too old to count: the file stays "ready to play"; a play shown within 10 minutes makes it "playing" (issue 35.5).
    const status = async () => ((await server.ctx.db.execute(sql`SELECT status FROM media_files WHERE id = ${fleet.media[0]}`)) as unknown as { rows: { status: string }[] }).rows[0]!.status;
    expect(await status()).toBe('ready_to_play');
    await postPlays(server, device!, [{ ...play(fleet, 'shown-now', recent, 3), outcome: 'partial' }]);
    expect(await status()).toBe('playing');
    process.env.TZ = 'UTC';
    const statistics = await client.get(`/statistics/?campaign=${fleet.campaign.id}&date=${yesterday}&period=24`);
    expect(statistics.body.total).toEqual({ plays: 2, seconds: 20 });
    expect(statistics.body.hours[15]).toEqual({ hour: at('15:00:00'), plays: 2, seconds: 20 });
    expect(statistics.body.media).toEqual([{ media: fleet.media[0], name: expect.any(String), plays: 2, seconds: 20 }]);
    const compared = await client.get(`/statistics/compare/?entities=device:${device!.id},media:${fleet.media[0]}&date=${yesterday}&period=24`);
    expect(compared.body.series.map((series: { total: unknown }) => series.total)).toEqual([{ plays: 2, seconds: 20 }, { plays: 2, seconds: 20 }]);
    const live = await client.get('/statistics/live/');
    expect(live.body.recent.filter((row: { device: number }) => row.device === device!.id).map((row: { duration: number }) => row.duration)).toEqual([3]);
    const { readSheet } = await import('read-excel-file/node');
    const sheet = async (granularity: string) => {
      const response = await fetch(`${server.api}/statistics/unloads/?granularity=${granularity}&from=${yesterday}&to=${yesterday}&device=${device!.id}`, {
        headers: { authorization: `JWT ${(await signIn(server)).access}` },
      });
      return readSheet(Buffer.from(await response.arrayBuffer()));
    };
    const raw = await sheet('raw');
    expect(raw[0]).toEqual(['Started at', 'Serial number', 'Device', 'Campaign', 'Event', 'Media', 'Duration, s', 'Outcome', 'Play id']);
    expect(raw.slice(1).map((row) => row.slice(6))).toEqual([
      [10, 'Completed', 'whole'],
      [6, 'Partial', 'cut'],
      [4, 'Failed', 'corrupt'],
    ]);
    const hourly = await sheet('hourly');
    expect(hourly[0]).toEqual(['Hour', 'Campaign', 'Serial number', 'Device', 'Media', 'Event', 'Plays', 'Seconds played', 'Failed plays']);
    expect(hourly.slice(1).map((row) => row.slice(6))).toEqual([[2, 20, 1]]);
    delete process.env.TZ;
  });
});

describe('GET /statistics/', () => {
  afterEach(() => {
    delete process.env.TZ;
  });

  it('requires a campaign and a date, and a period of 1 to 744 hours', async () => {
    const fleet = await createFleet(server, client, 1);
    const ask = (query: string) => client.get(`/statistics/${query}`);
    expect((await ask('')).body).toMatchObject({ code: 'statistics_parameters_required', fields: { campaign: 'required', date: 'required' } });
    expect((await ask(`?campaign=${fleet.campaign.id}`)).body).toMatchObject({ code: 'statistics_parameters_required', fields: { date: 'required' } });
    expect((await ask(`?date=${yesterday}`)).status).toBe(400);
    for (const period of ['0', '745', 'abc', '-1', '1.5']) {
      expect((await ask(`?campaign=${fleet.campaign.id}&date=${yesterday}&period=${period}`)).body).toMatchObject({ code: 'validation_error', fields: { period: expect.any(String) } });
    }
    expect((await ask(`?campaign=${fleet.campaign.id}&date=2026-02-30&period=24`)).body).toMatchObject({ fields: { date: expect.any(String) } });
    expect((await ask(`?campaign=2000000000&date=${yesterday}&period=24`)).status).toBe(404);
    expect((await ask(`?campaign=${fleet.campaign.id}&date=${yesterday}&period=744`)).body.hours).toHaveLength(744);
    expect((await ask(`?campaign=${fleet.campaign.id}&date=${yesterday}&period=1`)).body.hours).toHaveLength(1);
  });

  it('answers plays and seconds by hour, device and media, hours counted from the date in the server time zone', async () => {
    const fleet = await createFleet(server, client, 2, 2);
    const [a, b] = fleet.devices;
    await postPlays(server, a!, [play(fleet, '1', at('10:05:00'), 10), play(fleet, '2', at('10:20:00'), 10), play(fleet, '3', at('13:00:00'), 15, fleet.media[1])]);
    await postPlays(server, b!, [play(fleet, '1', at('10:30:00'), 20)]);
    process.env.TZ = 'UTC';
    const answer = await client.get(`/statistics/?campaign=${fleet.campaign.id}&date=${yesterday}&period=24`);
    expect(answer.status).toBe(200);
    expect(answer.body.time_zone).toBe('UTC');
    expect(answer.body.total).toEqual({ plays: 4, seconds: 55 });
    expect(answer.body.hours[0]).toEqual({ hour: at('00:00:00'), plays: 0, seconds: 0 });
    expect(answer.body.hours[10]).toEqual({ hour: at('10:00:00'), plays: 3, seconds: 40 });
    expect(answer.body.hours[13]).toEqual({ hour: at('13:00:00'), plays: 1, seconds: 15 });
    expect(answer.body.devices).toEqual([
      { device: a!.id, name: expect.stringMatching(/^Screen 1/), plays: 3, seconds: 35 },
      { device: b!.id, name: expect.stringMatching(/^Screen 2/), plays: 1, seconds: 20 },
    ]);
    expect(answer.body.media).toEqual([
      { media: fleet.media[0], name: expect.stringMatching(/^Clip/), plays: 3, seconds: 40 },
      { media: fleet.media[1], name: expect.stringMatching(/^Clip/), plays: 1, seconds: 15 },
    ]);
    // Moscow is UTC+3 all year: its day starts at 21:00 UTC the day before, so 10:00 UTC is its 13th hour.
    process.env.TZ = 'Europe/Moscow';
    const moscow = await client.get(`/statistics/?campaign=${fleet.campaign.id}&date=${yesterday}&period=12`);
    expect(moscow.body.time_zone).toBe('Europe/Moscow');
    expect(moscow.body.hours[0].hour).toBe(`${new Date(Date.parse(yesterday) - 86_400_000).toISOString().slice(0, 10)}T21:00:00Z`);
    expect(moscow.body.total).toEqual({ plays: 0, seconds: 0 });
    const moscowDay = await client.get(`/statistics/?campaign=${fleet.campaign.id}&date=${yesterday}&period=24`);
    expect(moscowDay.body.hours[13]).toEqual({ hour: at('10:00:00'), plays: 3, seconds: 40 });
    expect(moscowDay.body.total).toEqual({ plays: 4, seconds: 55 });
  });
});

describe('GET /statistics/compare/', () => {
  it('answers one series per entity, at most ten, each known', async () => {
    const fleet = await createFleet(server, client, 2);
    const [a, b] = fleet.devices;
    await postPlays(server, a!, [play(fleet, 'c1', at('07:10:00')), play(fleet, 'c2', at('08:10:00'))]);
    await postPlays(server, b!, [play(fleet, 'c1', at('07:20:00'), 30)]);
    const answer = await client.get(`/statistics/compare/?entities=device:${a!.id},device:${b!.id},campaign:${fleet.campaign.id},media:${fleet.media[0]}&date=${yesterday}&period=24`);
    expect(answer.status).toBe(200);
    expect(answer.body.series.map((series: { entity: string; total: unknown }) => [series.entity, series.total])).toEqual([
      [`device:${a!.id}`, { plays: 2, seconds: 20 }],
      [`device:${b!.id}`, { plays: 1, seconds: 30 }],
      [`campaign:${fleet.campaign.id}`, { plays: 3, seconds: 50 }],
      [`media:${fleet.media[0]}`, { plays: 3, seconds: 50 }],
    ]);
    expect(answer.body.series[0].hours).toHaveLength(24);
    const compare = (entities: string) => client.get(`/statistics/compare/?entities=${entities}&date=${yesterday}&period=24`);
    const eleven = Array.from({ length: 11 }, (_, index) => `device:${index + 1}`).join(',');
    expect((await compare(eleven)).body).toMatchObject({ code: 'too_many_entities', fields: { entities: 'out_of_range' } });
    const ten = [...Array.from({ length: 9 }, () => `device:${a!.id}`), `device:${b!.id}`].join(',');
    expect((await compare(ten)).body.series).toHaveLength(2);
    expect((await compare('device:abc')).body).toMatchObject({ code: 'validation_error', fields: { entities: 'invalid_format' } });
    expect((await compare('playlist:1')).status).toBe(400);
    expect((await compare('')).status).toBe(400);
    const unknown = await compare(`device:${a!.id},device:2000000000,media:2000000001`);
    expect(unknown.status).toBe(404);
    expect(unknown.body).toMatchObject({ code: 'compare_entity_not_found', fields: { 'device:2000000000': 'not_found', 'media:2000000001': 'not_found' } });
    expect(Object.keys(unknown.body.fields)).toEqual(['device:2000000000', 'media:2000000001']);
    expect((await client.get(`/statistics/compare/?entities=device:${a!.id}&date=${yesterday}&period=745`)).status).toBe(400);
  });
});

describe('a compare list naming an entity deleted since', () => {
  it('answers 404 compare_entity_not_found naming it, and the rest of the list loads without it', async () => {
    const fleet = await createFleet(server, client, 1);
    const [device] = fleet.devices;
    await postPlays(server, device!, [play(fleet, 'gone-1', at('09:10:00'))]);
    const gone = await client.post('/campaigns/create/', { name: `Gone ${Date.now()}`, screen_position: 'horizontal', user: 1 });
    const entities = `device:${device!.id},campaign:${gone.body.id},campaign:${fleet.campaign.id}`;
    expect((await client.get(`/statistics/compare/?entities=${entities}&date=${yesterday}`)).status).toBe(200);
    expect((await client.delete(`/campaigns/${gone.body.id}`)).status).toBe(204);
    const refused = await client.get(`/statistics/compare/?entities=${entities}&date=${yesterday}`);
    expect(refused.status).toBe(404);
    expect(refused.body).toEqual({ detail: expect.stringContaining(`campaign:${gone.body.id}`), code: 'compare_entity_not_found', fields: { [`campaign:${gone.body.id}`]: 'not_found' } });
    const rest = await client.get(`/statistics/compare/?entities=device:${device!.id},campaign:${fleet.campaign.id}&date=${yesterday}`);
    expect(rest.status).toBe(200);
    expect(rest.body.series.map((series: { entity: string; total: { plays: number } }) => [series.entity, series.total.plays])).toEqual([
      [`device:${device!.id}`, 1],
      [`campaign:${fleet.campaign.id}`, 1],
    ]);
  });
});

describe('GET /statistics/live/ and the campaign report', () => {
  it('shows the plays of the last 15 minutes, and the report gains plays and played minutes per device and day', async () => {
    const fleet = await createFleet(server, client, 1);
    const [device] = fleet.devices;
    const recent = new Date(Date.now() - 60_000);
    const earlier = new Date(Date.now() - 20 * 60_000);
    await postPlays(server, device!, [play(fleet, 'live-1', recent, 12), play(fleet, 'live-2', earlier, 12)]);
    const live = await client.get('/statistics/live/');
    expect(live.status).toBe(200);
    expect(live.body.recent.filter((row: { device: number }) => row.device === device!.id)).toEqual([
      { device: device!.id, device_name: expect.stringMatching(/^Screen 1/), media: fleet.media[0], media_name: expect.any(String), campaign: fleet.campaign.id, campaign_name: fleet.campaign.name, started_at: recent.toISOString().replace(/\.\d+Z$/, 'Z'), duration: 12 },
    ]);
    expect(live.body.total.plays).toBeGreaterThanOrEqual(1);
    // The zone the SPA shows the live times in, the charts' own (issue 26.15).
    expect(live.body.time_zone).toBe((await client.get(`/statistics/?campaign=${fleet.campaign.id}&date=2026-11-22&period=1`)).body.time_zone);
    expect((await apiClient(server).get('/statistics/live/')).status).toBe(401);

    await postPlays(server, device!, [play(fleet, 'r1', at('10:00:00'), 90), play(fleet, 'r2', at('11:00:00'), 90)]);
    process.env.TZ = 'UTC';
    const { access } = await signIn(server);
    const response = await fetch(`${server.api}/campaigns/${fleet.campaign.id}/report/?from=${yesterday}&to=${yesterday}`, { headers: { authorization: `JWT ${access}` } });
    delete process.env.TZ;
    const { readSheet } = await import('read-excel-file/node');
    const sheet = await readSheet(Buffer.from(await response.arrayBuffer()));
    expect(sheet[0]).toEqual(['Serial number', 'Device', 'Office', 'Date', 'Events', 'Event titles', 'Planned minutes', 'Plays', 'Played minutes']);
    // Run just after midnight (UTC), the live plays of 12 s fall on yesterday too and count in its row.
    const liveYesterday = [recent, earlier].filter((when) => when.toISOString().slice(0, 10) === yesterday).length;
    // The Date column holds real dates (issue 26.10), read back as Date at UTC midnight.
    const dayOf = (cell: unknown) => (cell instanceof Date ? cell.toISOString().slice(0, 10) : cell);
    expect(sheet.slice(1).find((row) => row[0] === device!.sn && dayOf(row[3]) === yesterday)?.slice(7)).toEqual([2 + liveYesterday, (180 + 12 * liveYesterday) / 60]);
  });
});

describe('media the device is scheduled for', () => {
  it('accepts only media of a published event that names the device: its own media or a track of its playlist', async () => {
    const fleet = await createFleet(server, client, 1);
    const [device] = fleet.devices;
    const outsider = await createDevice(client, { position: 'horizontal' });
    const media = await insertMedia(server);
    const named = await insertEvent(server.ctx.db, { campaignId: fleet.campaign.id, title: 'Named', mediaId: media, startDate: '2026-01-01', endDate: '2027-12-31', allDay: true });
    const draft = await insertEvent(server.ctx.db, { campaignId: fleet.campaign.id, title: 'Draft', mediaId: media, startDate: '2026-01-01', endDate: '2027-12-31', allDay: true, devices: [outsider.id] });
    // not published yet: nothing is scheduled
    expect((await postPlays(server, outsider, [{ id: 'n0', event: named, media, started_at: at('06:00:00'), duration: 5 }])).body.refused).toEqual([{ id: 'n0', reason: 'not_scheduled' }]);
    await publishEvent(server, named, [outsider.id]);
    const answer = await postPlays(server, outsider, [
      { id: 'n1', event: named, media, started_at: at('06:00:00'), duration: 5 },
      play(fleet, 'n2', at('06:00:00')),
      { id: 'n3', event: named, media: fleet.media[0], started_at: at('06:00:00'), duration: 5 },
      { id: 'n4', event: draft, media, started_at: at('06:00:00'), duration: 5 },
    ]);
    expect(answer.body).toEqual({ accepted: 1, duplicates: 0, refused: [{ id: 'n2', reason: 'not_scheduled' }, { id: 'n3', reason: 'not_scheduled' }, { id: 'n4', reason: 'not_scheduled' }] });

    // a playlist event: each media of a committed version of the playlist counts
    const created = await client.post('/media/play_lists/create/', { name: 'Stats list', screen_position: 'horizontal', user: 1 });
    expect(created.status).toBe(201);
    await server.ctx.db.execute(sql`INSERT INTO playlist_versions (playlist_id, version, tracks, duration) VALUES (${created.body.id}, 1, ${JSON.stringify([{ media: fleet.media[1], duration: 7 }])}::jsonb, 7)`);
    const listEvent = await insertEvent(server.ctx.db, { campaignId: fleet.campaign.id, title: 'List', playlistId: created.body.id, startDate: '2026-01-01', endDate: '2027-12-31', allDay: true });
    await publishEvent(server, listEvent, [device!.id]);
    const listed = await postPlays(server, device!, [
      { id: 'l1', event: listEvent, media: fleet.media[1], playlist: created.body.id, started_at: at('06:00:00'), duration: 7 },
      { id: 'l2', event: listEvent, media: fleet.media[0], playlist: created.body.id, started_at: at('06:00:00'), duration: 7 },
    ]);
    expect(listed.body).toEqual({ accepted: 1, duplicates: 0, refused: [{ id: 'l2', reason: 'not_scheduled' }] });
  });
});

describe('scope', () => {
  // Yesterday and the live plays' instant below are UTC's: count the days in UTC too, whatever the machine's zone
  // (in New York's evening its "today" is UTC's yesterday, and the live plays counted there).
  beforeEach(() => {
    process.env.TZ = 'UTC';
  });
  afterEach(() => {
    delete process.env.TZ;
  });

  it("never shows another company's plays: statistics, compare, live and unloads count only the caller's devices", async () => {
    const { company: mine, office: myOffice } = await createCompanyAndOffice(client, 'Stats mine');
    const { company: other, office: theirOffice } = await createCompanyAndOffice(client, 'Stats theirs');
    const fleet = await createFleet(server, client, 2);
    const [ours, theirs] = fleet.devices;
    // the campaign and its first media are the viewer's company's; the second media is another company's
    await own(server, 'campaigns', fleet.campaign.id, mine.id);
    await own(server, 'media_files', fleet.media[0]!, mine.id);
    await own(server, 'media_files', fleet.media[1]!, other.id);
    // Each step that sets the stage is checked, so a failure below names what went wrong before it (CI saw the viewer's
    // total read 0 once under two node workers, not reproduced since).
    for (const [device, office] of [[ours!, myOffice], [theirs!, theirOffice]] as const) {
      const moved = await client.put(`/tvpi/devices/${device.id}`, { office: office.id, user: 1 });
      expect(moved.status, JSON.stringify(moved.body)).toBe(200);
    }
    // Never on yesterday, even run just after midnight (UTC), where 30 s ago still is: yesterday's counts below hold no live play.
    const now = new Date(Math.max(Date.now() - 30_000, Date.parse(yesterday) + 86_400_000));
    expect((await postPlays(server, ours!, [play(fleet, 's1', at('12:00:00'), 10), play(fleet, 's-live-1', now, 10)])).body).toEqual({ accepted: 2, duplicates: 0, refused: [] });
    expect((await postPlays(server, theirs!, [play(fleet, 's1', at('12:00:00'), 20), play(fleet, 's-live-2', now, 20)])).body).toEqual({ accepted: 2, duplicates: 0, refused: [] });
    const group = await client.post('/groups/create/', { name: 'Stats viewers', companies: [mine.id], permissions: { statistics: 'view' } });
    expect(group.status).toBe(201);
    expect((await client.post('/users/', { username: 'stats-viewer', password: 'stats-viewer-pass-1', user: 1, groups: [group.body.id] })).status).toBe(201);
    const viewer = (await signIn(server, 'stats-viewer', 'stats-viewer-pass-1')).client;

    const seen = await viewer.get(`/statistics/?campaign=${fleet.campaign.id}&date=${yesterday}&period=24`);
    expect(seen.body.total).toEqual({ plays: 1, seconds: 10 });
    expect(seen.body.devices.map((row: { device: number }) => row.device)).toEqual([ours!.id]);
    expect((await client.get(`/statistics/?campaign=${fleet.campaign.id}&date=${yesterday}&period=24`)).body.total).toEqual({ plays: 2, seconds: 30 });
    // Another company's device is named as not found, like an absent one: its existence leaks nothing.
    const foreign = await viewer.get(`/statistics/compare/?entities=device:${ours!.id},device:${theirs!.id},device:2000000000&date=${yesterday}`);
    expect(foreign.status).toBe(404);
    expect(foreign.body).toMatchObject({ code: 'compare_entity_not_found', fields: { [`device:${theirs!.id}`]: 'not_found', 'device:2000000000': 'not_found' } });
    expect(Object.keys(foreign.body.fields)).toHaveLength(2);
    const compared = await viewer.get(`/statistics/compare/?entities=campaign:${fleet.campaign.id},device:${ours!.id}&date=${yesterday}`);
    expect(compared.body.series.map((series: { total: unknown }) => series.total)).toEqual([{ plays: 1, seconds: 10 }, { plays: 1, seconds: 10 }]);
    const live = await viewer.get('/statistics/live/');
    expect(live.body.recent.map((row: { device: number }) => row.device)).toEqual([ours!.id]);
    const response = await fetch(`${server.api}/statistics/unloads/?granularity=raw&from=${yesterday}&to=${yesterday}&campaign=${fleet.campaign.id}`, {
      headers: { authorization: `JWT ${(await signIn(server, 'stats-viewer', 'stats-viewer-pass-1')).access}` },
    });
    const { readSheet } = await import('read-excel-file/node');
    const rows = await readSheet(Buffer.from(await response.arrayBuffer()));
    expect(rows.slice(1).map((row) => row[1])).toEqual([ours!.sn]);

    // Another company's campaign and media (and one of no company, the administrator's alone) answer as absent ones:
    // statistics, compare and unload filters, not their names with zero plays.
    const foreignFleet = await createFleet(server, client, 1, 1);
    await own(server, 'campaigns', foreignFleet.campaign.id, other.id);
    const loneCampaign = (await client.post('/campaigns/create/', { name: `Stats lone ${yesterday}`, screen_position: 'horizontal', user: 1 })).body.id as number;
    for (const campaign of [foreignFleet.campaign.id, loneCampaign, 2_000_000_000]) {
      const answer = await viewer.get(`/statistics/?campaign=${campaign}&date=${yesterday}&period=24`);
      expect(answer.status).toBe(404);
      expect(JSON.stringify(answer.body)).not.toContain('Stats ');
      expect((await client.get(`/statistics/?campaign=${campaign}&date=${yesterday}&period=24`)).status).toBe(campaign === 2_000_000_000 ? 404 : 200);
    }
    const foreignCompare = await viewer.get(
      `/statistics/compare/?entities=campaign:${fleet.campaign.id},campaign:${foreignFleet.campaign.id},media:${fleet.media[0]},media:${fleet.media[1]},media:${foreignFleet.media[0]}&date=${yesterday}`,
    );
    expect(foreignCompare.status).toBe(404);
    expect(foreignCompare.body).toEqual({
      code: 'compare_entity_not_found',
      detail: `Not found: campaign:${foreignFleet.campaign.id}, media:${fleet.media[1]}, media:${foreignFleet.media[0]}.`,
      fields: { [`campaign:${foreignFleet.campaign.id}`]: 'not_found', [`media:${fleet.media[1]}`]: 'not_found', [`media:${foreignFleet.media[0]}`]: 'not_found' },
    });
    const ownMedia = await viewer.get(`/statistics/compare/?entities=media:${fleet.media[0]}&date=${yesterday}`);
    expect(ownMedia.status).toBe(200);
    expect(ownMedia.body.series[0].total).toEqual({ plays: 1, seconds: 10 });
    expect((await client.get(`/statistics/compare/?entities=campaign:${foreignFleet.campaign.id},media:${fleet.media[1]}&date=${yesterday}`)).status).toBe(200);
    const viewerToken = (await signIn(server, 'stats-viewer', 'stats-viewer-pass-1')).access;
    for (const filter of [`campaign=${foreignFleet.campaign.id}`, `campaign=${loneCampaign}`, `media=${fleet.media[1]}`, `device=${theirs!.id}`]) {
      const unload = await fetch(`${server.api}/statistics/unloads/?granularity=raw&from=${yesterday}&to=${yesterday}&${filter}`, { headers: { authorization: `JWT ${viewerToken}` } });
      expect(unload.status, filter).toBe(404);
      expect(await unload.json()).toMatchObject({ code: 'not_found' });
    }
    const ownUnload = await fetch(`${server.api}/statistics/unloads/?granularity=raw&from=${yesterday}&to=${yesterday}&media=${fleet.media[0]}`, { headers: { authorization: `JWT ${viewerToken}` } });
    expect(ownUnload.status).toBe(200);
    await ownUnload.arrayBuffer();

    // a device moved to another company's office leaves the viewer's compare list: named, the rest still loads
    await client.put(`/tvpi/devices/${ours!.id}`, { office: theirOffice.id, user: 1 });
    const moved = await viewer.get(`/statistics/compare/?entities=campaign:${fleet.campaign.id},device:${ours!.id}&date=${yesterday}`);
    expect(moved.status).toBe(404);
    expect(moved.body).toMatchObject({ code: 'compare_entity_not_found', fields: { [`device:${ours!.id}`]: 'not_found' } });
    expect((await viewer.get(`/statistics/compare/?entities=campaign:${fleet.campaign.id}&date=${yesterday}`)).status).toBe(200);

    // a user without the statistics area is refused
    const blind = await client.post('/groups/create/', { name: 'Stats blind', companies: [mine.id], permissions: { devices: 'view' } });
    await client.post('/users/', { username: 'stats-blind', password: 'stats-blind-pass-1', user: 1, groups: [blind.body.id] });
    const outsider = (await signIn(server, 'stats-blind', 'stats-blind-pass-1')).client;
    expect((await outsider.get(`/statistics/?campaign=${fleet.campaign.id}&date=${yesterday}`)).status).toBe(403);
    expect((await outsider.get('/statistics/live/')).status).toBe(403);
  });
});
