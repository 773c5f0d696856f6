import { sql } from 'drizzle-orm';
import { insertEvent } from '../../server/db/campaigns.ts';
import { apiClient, type TestServer } from '../helpers/server.ts';
import { createDevice, nextSerial } from './devices.helpers.ts';

type Client = ReturnType<typeof apiClient>;

export interface Fleet {
  campaign: { id: number; name: string };
  devices: { id: number; sn: string; key: string }[];
  media: number[];
  /** The event of the first media. */
  event: number;
  /** One published event per media, in the order of `media`, each naming every device. */
  events: number[];
}

/** A ready media file written straight to the table (statistics need its id and name, not a render). */
export async function insertMedia(server: TestServer, name = `Clip ${nextSerial('M')}`): Promise<number> {
  const result = (await server.ctx.db.execute(
    sql`INSERT INTO media_files (name, screen_position, device_type, kind, original_name, source_ext, mime_type, size_bytes, duration, status)
        VALUES (${name}, 'horizontal', 'tvpi', 'video', 'clip.mp4', 'mp4', 'video/mp4', 1000, 10, 'ready_to_play') RETURNING id`,
  )) as unknown as { rows: { id: number }[] };
  return Number(result.rows[0]!.id);
}

/** A campaign with `size` devices and `mediaCount` media, and one event of the first media that names every device. */
export async function createFleet(server: TestServer, client: Client, size = 2, mediaCount = 2): Promise<Fleet> {
  const created = await client.post('/campaigns/create/', { name: `Stats ${nextSerial('C')}`, screen_position: 'horizontal', user: 1 });
  if (created.status !== 201) throw new Error(`campaign create failed: ${created.status} ${JSON.stringify(created.body)}`);
  const campaign = created.body as { id: number; name: string };
  const devices = [];
  for (let i = 0; i < size; i += 1) devices.push(await createDevice(client, { position: 'horizontal', name: `Screen ${i + 1} ${nextSerial('D')}` }));
  const saved = await client.put(`/campaigns/${campaign.id}/devices/`, { devices: devices.map((device) => device.id) });
  if (saved.status !== 200) throw new Error(`campaign devices failed: ${saved.status} ${JSON.stringify(saved.body)}`);
  const media = [];
  for (let i = 0; i < mediaCount; i += 1) media.push(await insertMedia(server));
  const events = [];
  for (const [index, id] of media.entries()) {
    const event = await insertEvent(server.ctx.db, { campaignId: campaign.id, title: index === 0 ? 'Loop' : `Loop ${index + 1}`, mediaId: id, startDate: '2026-01-01', endDate: '2027-12-31', allDay: true, published: true });
    await publishEvent(server, event, devices.map((device) => device.id));
    events.push(event);
  }
  return { campaign, devices, media, event: events[0]!, events };
}

/** The published copy of an event (what compiled schedules are made of), naming `devices`, as publish writes it. */
export async function publishEvent(server: TestServer, event: number, devices: number[]): Promise<void> {
  await server.ctx.db.execute(
    sql`INSERT INTO published_events (id, campaign_id, title, media_id, playlist_id, start_date, start_time, end_date, end_time, all_day, duration, weekdays, priority, devices)
        SELECT id, campaign_id, title, media_id, playlist_id, start_date, start_time, end_date, end_time, all_day, duration, weekdays, priority, ${`{${devices.join(',')}}`}::int[]
        FROM events WHERE id = ${event}
        ON CONFLICT (id) DO UPDATE SET devices = excluded.devices`,
  );
}

/** Sends a batch of plays as a device's player. */
export function postPlays(server: TestServer, device: { sn: string; key: string }, plays: unknown[]) {
  return apiClient(server).post('/player/plays/', { plays }, { 'x-device-serial': device.sn, 'x-device-key': device.key });
}

/** A play of the fleet's event of that media. */
export function play(fleet: Fleet, id: string, startedAt: string | Date, duration = 10, media = fleet.media[0]!) {
  return { id, event: fleet.events[fleet.media.indexOf(media)] ?? fleet.event, media, started_at: typeof startedAt === 'string' ? startedAt : startedAt.toISOString(), duration };
}

/** Counts rows of a table (plays or play_hours) for the given devices. */
export async function countRows(server: TestServer, table: 'plays' | 'play_hours', devices: number[]): Promise<number> {
  const column = table === 'plays' ? sql`count(*)` : sql`COALESCE(sum(plays), 0)`;
  const result = (await server.ctx.db.execute(
    sql`SELECT ${column}::int AS n FROM ${sql.raw(table)} WHERE device_id = ANY(${`{${devices.join(',')}}`}::int[])`,
  )) as unknown as { rows: { n: number }[] };
  return Number(result.rows[0]!.n);
}

/** The UTC date `days` before today. */
export function daysAgo(days: number): string {
  return new Date(Date.now() - days * 86_400_000).toISOString().slice(0, 10);
}
