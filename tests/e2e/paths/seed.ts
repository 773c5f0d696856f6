// Data the adapters share within a file (one server): made once through the API as the administrator.
import { execFileSync } from 'node:child_process';
import { openAsBlob } from 'node:fs';
import { expect, vi } from 'vitest';
import { ffmpegPath } from '../../../server/media/tools.ts';
import { tempDir } from '../../helpers/browser.ts';
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

let layout: Promise<string> | undefined;

/** A 1200 x 800 grey layout picture (made once). */
function layoutFile(): Promise<string> {
  layout ??= (async () => {
    const file = `${tempDir('vitrine-qa-layout-')}/floor-plan.png`;
    execFileSync(ffmpegPath(), ['-hide_banner', '-loglevel', 'error', '-f', 'lavfi', '-i', 'color=c=0xd0d0d0:s=1200x800', '-frames:v', '1', file]);
    return file;
  })();
  return layout;
}

/** A company, its office with one object "Floor 1" (a layout), and a device in that office. */
export async function navigationDevice(ctx: ReplayContext, objects = ['Floor 1']): Promise<{ device: number; office: number; objects: number[] }> {
  const company = ok('company', await ctx.admin.client.post('/companies/create/', { name: `QA company ${ctx.unique}`, user: 1 })).body;
  const office = ok('office', await ctx.admin.client.post('/branch-offices/create/', { company: company.id, name: `QA office ${ctx.unique}`, user: 1 })).body;
  const ids: number[] = [];
  for (const name of objects) {
    const form = new FormData();
    form.append('office', String(office.id));
    form.append('name', name);
    form.append('layout', await openAsBlob(await layoutFile()), 'floor-plan.png');
    ids.push(ok('object', await ctx.admin.client.post('/navigation/objects/create/', form)).body.id);
  }
  const device = ok('device', await ctx.admin.client.post('/tvpi/devices/create/', { sn: `QA-NAV-${ctx.unique}`, name: `QA screen ${ctx.unique}`, office: office.id, user: 1 })).body;
  return { device: device.id, office: office.id, objects: ids };
}

/** Where a point of the layout (fractions of it) is on the page, from the stage's published transform. */
export async function onLayout(ctx: ReplayContext, x: number, y: number): Promise<{ x: number; y: number }> {
  const stage = ctx.page.getByTestId('layout-stage');
  await ctx.page.waitForFunction(() => Number(document.querySelector<HTMLElement>('[data-testid="layout-stage"]')?.dataset.layoutWidth) > 1);
  const box = (await stage.boundingBox())!;
  const data = await stage.evaluate((element: HTMLElement) => ({ ...element.dataset }));
  const scale = Number(data.scale);
  return { x: box.x + Number(data.offsetX) + x * Number(data.layoutWidth) * scale, y: box.y + Number(data.offsetY) + y * Number(data.layoutHeight) * scale };
}

/** Drags with the mouse from one point of the layout to another (fractions), in small moves. */
export async function dragOnLayout(ctx: ReplayContext, from: { x: number; y: number }, to: { x: number; y: number }): Promise<void> {
  const a = await onLayout(ctx, from.x, from.y);
  const b = await onLayout(ctx, to.x, to.y);
  await ctx.page.mouse.move(a.x, a.y);
  await ctx.page.mouse.down();
  await ctx.page.mouse.move((a.x + b.x) / 2, (a.y + b.y) / 2, { steps: 5 });
  await ctx.page.mouse.move(b.x, b.y, { steps: 5 });
  await ctx.page.mouse.up();
}
