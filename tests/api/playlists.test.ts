import fsp from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { updateMediaFile } from '../../server/db/media.ts';
import { playlistVersion } from '../../server/db/playlists.ts';
import { apiClient, signIn, startTestServer, type TestServer } from '../helpers/server.ts';
import { describeAs, makeFixtures, uploadForm } from './media-fixtures.ts';

let server: TestServer;
let admin: Awaited<ReturnType<typeof signIn>>;
let fixtures: Awaited<ReturnType<typeof makeFixtures>>;
/** Ready media: two horizontal images, a horizontal 2 s video, a vertical image. */
let media: { image1: any; image2: any; video: any; vertical: any };

async function settled(id: number) {
  let file: any;
  await vi.waitFor(
    async () => {
      file = (await admin.client.get(`/media/files/${id}`)).body;
      if (file.status === 'processing') throw new Error('still processing');
    },
    { timeout: 40_000, interval: 100 },
  );
  return file;
}

beforeAll(async () => {
  [server, fixtures] = await Promise.all([startTestServer(), makeFixtures()]);
  admin = await signIn(server);
  const created = await admin.client.post(
    '/media/files/create/',
    await uploadForm(
      [fixtures.png, fixtures.jpg, fixtures.video, fixtures.png],
      [describeAs('Still'), describeAs('Photo'), describeAs('Clip'), describeAs('Portrait', { screen_position: 'vertical' })],
    ),
  );
  expect(created.status).toBe(201);
  const [image1, image2, video, vertical] = await Promise.all(created.body.map((m: any) => settled(m.id)));
  media = { image1, image2, video, vertical };
  expect(Object.values(media).map((m) => m.status)).toEqual(['ready_to_play', 'ready_to_play', 'ready_to_play', 'ready_to_play']);
});
afterAll(async () => {
  await server?.close();
  if (fixtures) await fsp.rm(fixtures.dir, { recursive: true, force: true });
});

const create = (body: unknown) => admin.client.post('/media/play_lists/create/', body);
const addTrack = (body: unknown) => admin.client.post('/media/play_list_tracks/create/', body);
async function newPlaylist(name: string, screen_position = 'horizontal') {
  const response = await create({ name, screen_position });
  expect(response.status).toBe(201);
  return response.body;
}
async function journalOf(entity: string) {
  const rows = (await server.ctx.db.execute(`SELECT action, entity_id FROM journal WHERE entity = '${entity}' ORDER BY id` as never)) as unknown as { rows: any[] };
  return rows.rows;
}

describe('playlists', () => {
  it('refuses anonymous calls with 401', async () => {
    expect((await apiClient(server).get('/media/play_lists/')).status).toBe(401);
    expect((await apiClient(server).post('/media/play_lists/create/', { name: 'x', screen_position: 'horizontal' })).status).toBe(401);
  });

  it('creates a playlist with the whole shape, uncommitted and empty', async () => {
    const response = await create({ name: '  Morning  ', screen_position: 'horizontal' });
    expect(response.status).toBe(201);
    const { id, created_at, updated_at, ...rest } = response.body;
    expect(rest).toEqual({
      name: 'Morning',
      screen_position: 'horizontal',
      duration: 0,
      committed: false,
      version: 0,
      tracks_count: 0,
      media: [],
      details: `/api/v1/media/play_list_detail/${id}`,
      device_groups: `/api/v1/media/play_list_with_tracks/${id}/device_groups/`,
      company: null,
      valid_from: null,
      valid_until: null,
    });
    expect(created_at).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
    expect((await admin.client.get(`/media/play_lists/${id}`)).body).toEqual(response.body);
    expect(await journalOf('playlist')).toContainEqual({ action: 'create', entity_id: String(id) });
    // The panel's create calls carry the signed-in user; it is accepted, anything else unknown is not.
    expect((await create({ name: 'With user', screen_position: 'vertical', user: 1 })).status).toBe(201);
    expect((await create({ name: 'With extra', screen_position: 'vertical', colour: 'red' })).body.fields).toEqual({ colour: 'unknown_field' });
  });

  it('takes names of 30 characters, Latin or Cyrillic, and refuses 31 or none', async () => {
    for (const name of ['a'.repeat(30), 'я'.repeat(30)]) expect((await create({ name, screen_position: 'horizontal' })).status).toBe(201);
    for (const [name, code] of [
      ['b'.repeat(31), 'too_long'],
      ['ж'.repeat(31), 'too_long'],
      ['   ', 'required'],
      [undefined, 'required'],
    ] as const) {
      const refused = await create({ name, screen_position: 'horizontal' });
      expect(refused.status).toBe(400);
      expect(refused.body).toMatchObject({ code: 'validation_error', fields: { name: code } });
    }
    expect((await create({ name: '' })).body.detail).toBe('Name is required');
    const listed = (await admin.client.get('/media/play_lists/?search=bbbbbbbbbbbbbbbbbbbbbbbbbbbbbbb')).body;
    expect(listed.count).toBe(0);
    const playlist = await newPlaylist('Rename me');
    const refused = await admin.client.put(`/media/play_lists/${playlist.id}`, { name: 'ж'.repeat(31) });
    expect(refused.body.fields).toEqual({ name: 'too_long' });
    expect((await admin.client.get(`/media/play_lists/${playlist.id}`)).body.name).toBe('Rename me');
    const renamed = await admin.client.put(`/media/play_lists/${playlist.id}`, { name: 'ж'.repeat(30) });
    expect(renamed.status).toBe(200);
    expect(renamed.body.name).toBe('ж'.repeat(30));
  });

  it('adds tracks: images for 10 s or what is asked, videos for their own duration', async () => {
    const playlist = await newPlaylist('Tracks');
    const first = await addTrack({ playlist: playlist.id, media: media.image1.id });
    expect(first.status).toBe(201);
    expect(first.body).toEqual({ id: first.body.id, playlist: playlist.id, media: media.image1.id, position: 1, duration: 10 });
    const second = await addTrack({ playlist: playlist.id, media: media.video.id, duration: 99 });
    expect(second.body).toMatchObject({ position: 2, duration: media.video.duration });
    const third = await addTrack({ playlist: playlist.id, media: media.image2.id, duration: 7 });
    expect(third.body).toMatchObject({ position: 3, duration: 7 });
    const after = (await admin.client.get(`/media/play_lists/${playlist.id}`)).body;
    expect(after).toMatchObject({ tracks_count: 3, duration: 17 + media.video.duration, media: [media.image1.id, media.video.id, media.image2.id] });
    const tracks = (await admin.client.get(`/media/play_lists/${playlist.id}/tracks/`)).body;
    expect(tracks.map((t: any) => [t.media, t.position])).toEqual([
      [media.image1.id, 1],
      [media.video.id, 2],
      [media.image2.id, 3],
    ]);
    // An image's duration can be changed; a video's cannot.
    expect((await admin.client.put(`/media/play_list_tracks/${third.body.id}`, { duration: 12 })).body.duration).toBe(12);
    const fixed = await admin.client.put(`/media/play_list_tracks/${second.body.id}`, { duration: 12 });
    expect([fixed.status, fixed.body.code]).toEqual([400, 'video_duration_fixed']);
    expect((await admin.client.put(`/media/play_list_tracks/${third.body.id}`, { duration: 0 })).status).toBe(400);
    expect((await admin.client.get(`/media/play_lists/${playlist.id}`)).body.duration).toBe(22 + media.video.duration);
  });

  it('refuses media that is not ready or made for other screens, and changes nothing', async () => {
    const playlist = await newPlaylist('Picky');
    const mismatch = await addTrack({ playlist: playlist.id, media: media.vertical.id });
    expect([mismatch.status, mismatch.body.code]).toEqual([400, 'screen_position_mismatch']);
    await updateMediaFile(server.ctx.db, media.image2.id, { status: 'processing' });
    try {
      const unready = await addTrack({ playlist: playlist.id, media: media.image2.id });
      expect([unready.status, unready.body.code]).toEqual([400, 'media_not_ready']);
    } finally {
      await updateMediaFile(server.ctx.db, media.image2.id, { status: 'ready_to_play' });
    }
    expect((await addTrack({ playlist: playlist.id, media: 999999 })).body.fields).toEqual({ media: 'not_found' });
    expect((await addTrack({ playlist: 999999, media: media.image1.id })).body.fields).toEqual({ playlist: 'not_found' });
    expect((await admin.client.get(`/media/play_lists/${playlist.id}/tracks/`)).body).toEqual([]);
  });

  it('reorders with the complete list in one go and refuses a wrong set', async () => {
    const playlist = await newPlaylist('Order');
    const ids: number[] = [];
    for (const m of [media.image1, media.image2, media.video]) ids.push((await addTrack({ playlist: playlist.id, media: m.id })).body.id);
    const order = (async () => (await admin.client.get(`/media/play_lists/${playlist.id}/tracks/`)).body.map((t: any) => [t.id, t.position]))();
    expect(await order).toEqual([
      [ids[0], 1],
      [ids[1], 2],
      [ids[2], 3],
    ]);
    const other = await newPlaylist('Other');
    const foreign = (await addTrack({ playlist: other.id, media: media.image1.id })).body.id;
    for (const positions of [[ids[0], ids[1]], [ids[0], ids[1], ids[1]], [ids[0], ids[1], foreign], [...ids, foreign], []]) {
      const refused = await admin.client.put(`/media/play_lists/${playlist.id}/change_position_tracks/`, { positions });
      expect([refused.status, refused.body.code], JSON.stringify(positions)).toEqual([400, 'positions_mismatch']);
    }
    expect((await admin.client.put(`/media/play_lists/${playlist.id}/change_position_tracks/`, { positions: 'x' })).status).toBe(400);
    const reordered = await admin.client.put(`/media/play_lists/${playlist.id}/change_position_tracks/`, { positions: [ids[2], ids[0], ids[1]] });
    expect(reordered.status).toBe(200);
    const tracks = (await admin.client.get(`/media/play_lists/${playlist.id}/tracks/`)).body;
    expect(tracks.map((t: any) => [t.id, t.position])).toEqual([
      [ids[2], 1],
      [ids[0], 2],
      [ids[1], 3],
    ]);
    // Removing a track closes the gap.
    expect((await admin.client.delete(`/media/play_list_tracks/${ids[0]}`)).status).toBe(204);
    expect((await admin.client.get(`/media/play_lists/${playlist.id}/tracks/`)).body.map((t: any) => [t.id, t.position])).toEqual([
      [ids[2], 1],
      [ids[1], 2],
    ]);
    expect((await admin.client.delete(`/media/play_list_tracks/${ids[0]}`)).status).toBe(404);
    expect((await admin.client.get(`/media/play_lists/${playlist.id}`)).body.tracks_count).toBe(2);
  });

  it('keeps positions 1..n when tracks are added, removed and reordered at the same time', async () => {
    const playlist = await newPlaylist('Busy');
    const first = [];
    for (let i = 0; i < 6; i += 1) first.push((await addTrack({ playlist: playlist.id, media: media.image1.id })).body.id);
    const answers = await Promise.all([
      ...Array.from({ length: 8 }, () => addTrack({ playlist: playlist.id, media: media.image2.id })),
      admin.client.delete(`/media/play_list_tracks/${first[1]}`),
      admin.client.delete(`/media/play_list_tracks/${first[4]}`),
      admin.client.put(`/media/play_lists/${playlist.id}/change_position_tracks/`, { positions: [...first].reverse() }),
    ]);
    expect(answers.slice(0, 10).map((a) => a.status)).toEqual([201, 201, 201, 201, 201, 201, 201, 201, 204, 204]);
    // The reorder ran before or after the others: applied whole, or refused as a wrong set.
    expect([200, 400]).toContain(answers[10]!.status);
    const tracks = (await admin.client.get(`/media/play_lists/${playlist.id}/tracks/`)).body;
    expect(tracks.map((t: any) => t.position)).toEqual(Array.from({ length: 12 }, (_, i) => i + 1));
    expect((await admin.client.get(`/media/play_lists/${playlist.id}`)).body).toMatchObject({ tracks_count: 12, duration: 120 });
  });

  it('keeps the screen position while the playlist has tracks (409), and changes it when empty', async () => {
    const playlist = await newPlaylist('Locked');
    expect((await admin.client.put(`/media/play_lists/${playlist.id}`, { screen_position: 'vertical' })).body.screen_position).toBe('vertical');
    expect((await admin.client.put(`/media/play_lists/${playlist.id}`, { screen_position: 'horizontal' })).status).toBe(200);
    await addTrack({ playlist: playlist.id, media: media.image1.id });
    const refused = await admin.client.put(`/media/play_lists/${playlist.id}`, { name: 'Moved', screen_position: 'vertical' });
    expect([refused.status, refused.body.code]).toEqual([409, 'playlist_has_tracks']);
    expect((await admin.client.get(`/media/play_lists/${playlist.id}`)).body).toMatchObject({ name: 'Locked', screen_position: 'horizontal' });
    expect((await admin.client.put(`/media/play_lists/${playlist.id}`, { name: 'Kept', screen_position: 'horizontal' })).body.name).toBe('Kept');
  });

  it('commits a new version, says "up to date" the second time, and goes uncommitted after an edit', async () => {
    const playlist = await newPlaylist('Commit');
    const track = (await addTrack({ playlist: playlist.id, media: media.image1.id })).body;
    const first = await admin.client.get(`/media/play_lists/${playlist.id}/commit/`);
    expect([first.status, first.body]).toEqual([200, { changed: true, version: 1 }]);
    expect((await admin.client.get(`/media/play_lists/${playlist.id}`)).body).toMatchObject({ committed: true, version: 1 });
    expect((await admin.client.get(`/media/play_lists/${playlist.id}/commit/`)).body).toEqual({ changed: false, version: 1 });
    await addTrack({ playlist: playlist.id, media: media.video.id });
    expect((await admin.client.get(`/media/play_lists/${playlist.id}`)).body.committed).toBe(false);
    expect((await admin.client.get(`/media/play_lists/${playlist.id}/commit/`)).body).toEqual({ changed: true, version: 2 });
    // The versions are immutable snapshots of what was committed.
    expect(await playlistVersion(server.ctx.db, playlist.id, 1)).toEqual({ tracks: [{ media: media.image1.id, duration: 10 }], duration: 10 });
    expect((await playlistVersion(server.ctx.db, playlist.id, 2))!.tracks).toEqual([
      { media: media.image1.id, duration: 10 },
      { media: media.video.id, duration: media.video.duration },
    ]);
    // An edit undone leaves nothing to commit: uncommitted until asked, then "up to date" with the same version.
    await admin.client.put(`/media/play_list_tracks/${track.id}`, { duration: 20 });
    await admin.client.put(`/media/play_list_tracks/${track.id}`, { duration: 10 });
    expect((await admin.client.get(`/media/play_lists/${playlist.id}`)).body.committed).toBe(false);
    expect((await admin.client.get(`/media/play_lists/${playlist.id}/commit/`)).body).toEqual({ changed: false, version: 2 });
    expect((await admin.client.get(`/media/play_lists/${playlist.id}`)).body.committed).toBe(true);
    expect((await admin.client.get('/media/play_lists/999999/commit/')).status).toBe(404);
    expect((await journalOf('playlist')).filter((r: any) => r.action === 'commit' && r.entity_id === String(playlist.id))).toHaveLength(4);
  });

  it('answers the detail, the playlists with tracks and the (empty) device groups', async () => {
    const playlist = await newPlaylist('Detailed');
    await addTrack({ playlist: playlist.id, media: media.video.id });
    await addTrack({ playlist: playlist.id, media: media.image1.id, duration: 5 });
    const detail = (await admin.client.get(`/media/play_list_detail/${playlist.id}`)).body;
    expect(detail.tracks.map((t: any) => [t.position, t.duration, t.media_detail.name, t.media_detail.kind])).toEqual([
      [1, media.video.duration, 'Clip', 'video'],
      [2, 5, 'Still', 'image'],
    ]);
    expect(detail.tracks[1].media_detail.preview).toBe(`/api/v1/media/files/${media.image1.id}/preview`);
    const row = (await admin.client.get('/media/play_lists/?search=Detailed')).body.results[0];
    expect(row).toEqual((await admin.client.get(`/media/play_lists/${playlist.id}`)).body);
    expect(row.media).toEqual([media.video.id, media.image1.id]);
    const paged = (await admin.client.get('/media/play_list_with_tracks/?search=Detailed')).body;
    expect(paged.count).toBe(1);
    expect(paged.results[0]).toEqual(detail);
    expect((await admin.client.get(`/media/play_list_with_tracks/${playlist.id}/device_groups/`)).body).toEqual({ count: 0, next: null, previous: null, results: [] });
    expect((await admin.client.get('/media/play_list_detail/999999')).status).toBe(404);
  });

  it('filters the list by name, screen position and committed state, and pages it', async () => {
    const names = ['Filter A1', 'Filter A2', 'Filter B1'];
    const made = [];
    for (const name of names) made.push(await newPlaylist(name, name.includes('B') ? 'vertical' : 'horizontal'));
    await admin.client.get(`/media/play_lists/${made[0].id}/commit/`);
    const names_ = async (query: string) => (await admin.client.get(`/media/play_lists/?search=Filter&${query}`)).body.results.map((p: any) => p.name);
    expect(await names_('ordering=name')).toEqual(names);
    expect(await names_('screen_position=vertical')).toEqual(['Filter B1']);
    expect(await names_('committed=true')).toEqual(['Filter A1']);
    expect(await names_('committed=false&ordering=-name')).toEqual(['Filter B1', 'Filter A2']);
    const page = (await admin.client.get('/media/play_lists/?search=Filter&ordering=name&page=2&page_size=2')).body;
    expect(page).toMatchObject({ count: 3, next: null, results: [{ name: 'Filter B1' }] });
    expect(page.previous).toContain('page=1');
    // Past the last page: no rows, and still the true total.
    expect((await admin.client.get('/media/play_lists/?search=Filter&page=3&page_size=2')).body).toMatchObject({ count: 3, results: [] });
    expect((await admin.client.get('/media/play_lists/?committed=maybe')).status).toBe(400);
    expect((await admin.client.get('/media/play_lists/?search=%25')).body.count).toBe(0);
  });

  it('lists every track across playlists, searchable by playlist or media name', async () => {
    const playlist = await newPlaylist('Across');
    await addTrack({ playlist: playlist.id, media: media.image2.id });
    const found = (await admin.client.get('/media/play_list_tracks/?search=Across')).body;
    expect(found.count).toBe(1);
    expect(found.results[0]).toMatchObject({ playlist: playlist.id, playlist_name: 'Across', media: media.image2.id, media_name: 'Photo', position: 1, duration: 10 });
    expect((await admin.client.get('/media/play_list_tracks/?search=Photo')).body.count).toBeGreaterThan(0);
  });

  it('refuses to delete media a playlist holds, names the playlist, and deletes the playlist', async () => {
    const upload = await admin.client.post('/media/files/create/', await uploadForm([fixtures.png], [describeAs('Held')]));
    const held = await settled(upload.body[0].id);
    const playlist = await newPlaylist('Holder');
    const track = (await addTrack({ playlist: playlist.id, media: held.id })).body;
    expect((await admin.client.get(`/media/file/${held.id}/details/`)).body.playlists).toEqual([{ id: playlist.id, name: 'Holder' }]);
    const refused = await admin.client.delete(`/media/files/${held.id}`);
    expect([refused.status, refused.body.code]).toEqual([409, 'media_in_use']);
    // Once committed, the version screens play holds it too, even after the track is removed from the draft.
    await admin.client.get(`/media/play_lists/${playlist.id}/commit/`);
    await admin.client.delete(`/media/play_list_tracks/${track.id}`);
    expect((await admin.client.delete(`/media/files/${held.id}`)).status).toBe(409);
    await admin.client.get(`/media/play_lists/${playlist.id}/commit/`);
    expect((await admin.client.get(`/media/file/${held.id}/details/`)).body.playlists).toEqual([]);
    expect((await admin.client.delete(`/media/play_lists/${playlist.id}`)).status).toBe(204);
    expect((await admin.client.get(`/media/play_lists/${playlist.id}`)).status).toBe(404);
    expect((await admin.client.delete(`/media/files/${held.id}`)).status).toBe(204);
    expect((await journalOf('playlist')).filter((r: any) => r.entity_id === String(playlist.id)).map((r: any) => r.action)).toEqual([
      'create',
      'commit',
      'commit',
      'delete',
    ]);
  });

  it('answers 404 for unknown ids and 400 for malformed ones', async () => {
    expect((await admin.client.get('/media/play_lists/999999')).status).toBe(404);
    expect((await admin.client.get('/media/play_lists/abc')).status).toBe(400);
    expect((await admin.client.put('/media/play_lists/999999', { name: 'x' })).status).toBe(404);
    expect((await admin.client.delete('/media/play_lists/999999')).status).toBe(404);
    expect((await admin.client.get('/media/play_lists/999999/tracks/')).status).toBe(404);
    expect((await admin.client.put('/media/play_lists/999999/change_position_tracks/', { positions: [] })).status).toBe(404);
    expect((await admin.client.get('/media/play_list_with_tracks/999999/device_groups/')).status).toBe(404);
  });
});
