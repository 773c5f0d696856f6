import playlistForm from '../../model/playlists/playlistForm.qa.ts';
import { formAdapter } from './form.ts';
import type { ReplayContext } from './replay.ts';

const dialog = (ctx: ReplayContext) => ctx.page.getByRole('dialog', { name: 'Add playlist' });
// A name of its own per path, 30 characters at most like the catalogue's.
const name = (ctx: ReplayContext) => `Утренний эфир ${ctx.unique}`.slice(0, 30);

/** "Add playlist" on /playlists; a saved playlist opens its own page. */
export const playlistFormAdapter = formAdapter({
  qa: playlistForm,
  async open(ctx) {
    await ctx.page.goto('/playlists');
    await ctx.page.getByRole('button', { name: 'Add playlist' }).click();
    await dialog(ctx).waitFor();
  },
  dialog,
  changes: {
    'type the name "Утренний эфир, северные крылья" (30 characters)': (ctx) => dialog(ctx).getByLabel('Name').fill(name(ctx)),
    'type a 31-character name': (ctx) => dialog(ctx).getByLabel('Name').fill('Утренний эфир, северные крылья!'),
  },
  saveUrl: /\/api\/v1\/media\/play_lists\//,
  saved: (ctx) => ctx.page.getByRole('heading', { name: name(ctx), level: 1 }).waitFor(),
});
