import playlistCommit from '../../model/playlists/playlistCommit.qa.ts';
import { amendNext, dropNext, type Adapter, type ReplayContext } from './replay.ts';
import { committedPlaylist, ok } from './seed.ts';

const COMMIT = /\/api\/v1\/media\/play_lists\/\d+\/commit\/(\?.*)?$/;
const PREVIEW = /\/api\/v1\/media\/play_lists\/\d+\/commit\/preview\//;
const commitButton = (ctx: ReplayContext) => ctx.page.getByRole('button', { name: 'Commit', exact: true });
const confirmation = (ctx: ReplayContext) => ctx.page.getByRole('dialog', { name: 'Commit with warnings?' });
const badge = (ctx: ReplayContext, words: string) => ctx.page.getByText(words, { exact: true });

/** The playlist's own page: a playlist of one picture, committed once through the API (and changed since, or not). */
export const playlistCommitAdapter: Adapter = {
  qa: playlistCommit,
  async start(ctx, start) {
    const made = await committedPlaylist(ctx, `QA commit ${ctx.unique}`, start === 'an uncommitted playlist');
    ctx.data.playlist = made.id;
    ctx.data.seconds = 11;
    await ctx.page.goto(`/playlists/${made.id}`);
    await commitButton(ctx).waitFor();
  },
  act: {
    'press "Commit"': (ctx) => commitButton(ctx).click(),
    // A real change of the picture's seconds, saved: the editor reloads the playlist, changed since its version.
    'the editor reloads: changed since version 2': async (ctx) => {
      const seconds = (ctx.data.seconds = (ctx.data.seconds as number) + 1);
      await ctx.page.getByRole('spinbutton', { name: /^Seconds for / }).fill(String(seconds));
      await ctx.page.getByRole('button', { name: 'Save changes' }).click();
      await ctx.page.getByRole('button', { name: 'Save changes' }).and(ctx.page.locator(':disabled')).waitFor();
    },
    // Committed in another tab (through the API), then this page reloaded.
    'the editor reloads: committed, version 2': async (ctx) => {
      ok('commit', await ctx.admin.client.get(`/media/play_lists/${ctx.data.playlist}/commit/`));
      await ctx.page.reload();
    },
    'press "Commit anyway" in the confirmation': (ctx) => confirmation(ctx).getByRole('button', { name: 'Commit anyway' }).click(),
    'press "Cancel" in the confirmation': async (ctx) => {
      await confirmation(ctx).getByRole('button', { name: 'Cancel' }).click();
      await confirmation(ctx).waitFor({ state: 'detached' });
    },
  },
  arrange: {
    'the network is down during the commit': (ctx) => dropNext(ctx.page, 'GET', COMMIT),
    // The playlist is on no screen here: the real check says nothing, so what it would say is put in its answer.
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
      await ctx.page.getByText('Playlist updating error').first().waitFor();
      await commitButton(ctx).and(ctx.page.locator(':enabled')).waitFor();
    },
  },
};
