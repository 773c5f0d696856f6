// Data the adapters share within a file (one server): made once through the API as the administrator.
import { expect, vi } from 'vitest';
import { describeAs, makeFixtures, uploadForm } from '../../api/media-fixtures.ts';
import type { ReplayContext } from './replay.ts';

const pictures = new WeakMap<object, Promise<number>>();

/** A horizontal picture, ready to play, on the path's server (made once per server). */
export function readyPicture(ctx: ReplayContext): Promise<number> {
  let made = pictures.get(ctx.e2e);
  if (!made) {
    made = (async () => {
      const { png } = await makeFixtures();
      const upload = await ctx.admin.client.post('/media/files/create/', await uploadForm([png], [describeAs('QA still')]));
      if (upload.status !== 201) throw new Error(`picture not uploaded: ${upload.status} ${JSON.stringify(upload.body)}`);
      const id = upload.body[0].id as number;
      await vi.waitFor(async () => expect((await ctx.admin.client.get(`/media/files/${id}`)).body.status).toBe('ready_to_play'), { timeout: 60_000, interval: 250 });
      return id;
    })();
    pictures.set(ctx.e2e, made);
  }
  return made;
}

/** Answers 2xx or throws with what the server said. */
export function ok<T extends { status: number; body: any }>(what: string, response: T): T {
  if (response.status < 200 || response.status > 299) throw new Error(`${what}: ${response.status} ${JSON.stringify(response.body)}`);
  return response;
}

/** A playlist of the picture (one 10 s track), committed once; `changed` saves a new duration after the commit. */
export async function committedPlaylist(ctx: ReplayContext, name: string, changed: boolean): Promise<{ id: number; track: number }> {
  const media = await readyPicture(ctx);
  const playlist = ok('playlist', await ctx.admin.client.post('/media/play_lists/create/', { name, screen_position: 'horizontal' })).body;
  const track = ok('track', await ctx.admin.client.post('/media/play_list_tracks/create/', { playlist: playlist.id, media, duration: 10 })).body;
  ok('commit', await ctx.admin.client.get(`/media/play_lists/${playlist.id}/commit/`));
  if (changed) ok('track change', await ctx.admin.client.put(`/media/play_list_tracks/${track.id}`, { duration: 11 }));
  return { id: playlist.id, track: track.id };
}
