import layoutCommit from '../../model/layouts/layoutCommit.qa.ts';
import { amendNext, dropNext, failNext, type Adapter, type ReplayContext } from './replay.ts';
import { ok, readyPicture } from './seed.ts';

const COMMIT = /\/api\/v1\/layouts\/\d+\/commit\/(\?.*)?$/;
const PREVIEW = /\/api\/v1\/layouts\/\d+\/commit\/preview\//;
const commitButton = (ctx: ReplayContext) => ctx.page.getByRole('button', { name: 'Commit', exact: true });
const confirmation = (ctx: ReplayContext) => ctx.page.getByRole('dialog', { name: 'Commit with warnings?' });
const badge = (ctx: ReplayContext, words: string) => ctx.page.getByText(words, { exact: true });

/** One full-screen zone showing the picture, at `x` (moving it changes the draft). */
const zones = (media: number, x: number, id?: number) => [{ ...(id ? { id } : {}), name: 'Main', x, y: 0, width: 1600, height: 1080, z: 0, content: { kind: 'media', id: media } }];

/** Moves the layout's zone by 8 px through the API (another tab's "Save changes"): the draft differs from its version. */
async function moveZone(ctx: ReplayContext): Promise<void> {
  const x = (ctx.data.x = (ctx.data.x as number) === 0 ? 8 : 0);
  ok('layout change', await ctx.admin.client.put(`/layouts/${ctx.data.layout}`, { zones: zones(ctx.data.media as number, x, ctx.data.zone as number) }));
}

/** The layout's editor: a layout of one picture zone, committed once through the API (and changed since, or not). */
export const layoutCommitAdapter: Adapter = {
  qa: layoutCommit,
  async start(ctx, start) {
    const media = await readyPicture(ctx);
    const made = ok('layout', await ctx.admin.client.post('/layouts/create/', { name: `QA layout ${ctx.unique}`, screen_position: 'horizontal', zones: zones(media, 0) })).body;
    Object.assign(ctx.data, { layout: made.id, media, zone: made.zones[0].id, x: 0 });
    ok('commit', await ctx.admin.client.post(`/layouts/${made.id}/commit/`));
    if (start === 'an uncommitted layout') await moveZone(ctx);
    await ctx.page.goto(`/layouts/${made.id}`);
    await commitButton(ctx).waitFor();
  },
  act: {
    'press "Commit"': (ctx) => commitButton(ctx).click(),
    // Changed in another tab (through the API), then this page reloaded.
    'the editor reloads: changed since version 2': async (ctx) => {
      await moveZone(ctx);
      await ctx.page.reload();
    },
    // Committed in another tab (through the API), then this page reloaded.
    'the editor reloads: committed, version 2': async (ctx) => {
      ok('commit', await ctx.admin.client.post(`/layouts/${ctx.data.layout}/commit/`));
      await ctx.page.reload();
    },
    'press "Commit anyway" in the confirmation': (ctx) => confirmation(ctx).getByRole('button', { name: 'Commit anyway' }).click(),
    'press "Cancel" in the confirmation': async (ctx) => {
      await confirmation(ctx).getByRole('button', { name: 'Cancel' }).click();
      await confirmation(ctx).waitFor({ state: 'detached' });
    },
  },
  arrange: {
    'the network is down during the commit': (ctx) => dropNext(ctx.page, 'POST', COMMIT),
    // The zone shows a picture, not a playlist: the refusal is put in the commit's answer.
    "the server refuses: a zone's playlist is not committed": (ctx) =>
      failNext(ctx.page, 'POST', COMMIT, 409, { detail: 'Uncommited playlists found!', code: 'uncommitted_playlists', fields: { 'zones.0.content': 'uncommitted_playlist' }, playlists: [{ id: 1, name: 'Loop' }] }),
    // The layout is on no screen here: the real check says nothing, so what it would say is put in its answer.
    'the server says 1 screen cannot play "Poster.bmp"': (ctx) =>
      amendNext(ctx.page, 'GET', PREVIEW, (body) => ({ ...body, devices: 1, warnings: [{ media: 5, name: 'Poster.bmp', devices: 1, reason: 'cannot_play', screens: ['Lobby'] }] })),
    'the network is down during the check': (ctx) => dropNext(ctx.page, 'GET', PREVIEW),
  },
  shows: {
    uncommitted: async (ctx) => {
      await badge(ctx, 'Not committed').waitFor();
      await commitButton(ctx).and(ctx.page.locator(':enabled')).waitFor();
    },
    committed: async (ctx) => {
      await badge(ctx, 'Committed').waitFor();
      await commitButton(ctx).and(ctx.page.locator(':enabled')).waitFor();
    },
    confirming: async (ctx) => {
      await confirmation(ctx).getByRole('button', { name: 'Commit anyway' }).waitFor();
      await confirmation(ctx).getByText(/Poster\.bmp|Could not check/).first().waitFor();
    },
    failed: async (ctx) => {
      await ctx.page.getByText('Layout updating error').first().waitFor();
      await commitButton(ctx).and(ctx.page.locator(':enabled')).waitFor();
    },
  },
};
