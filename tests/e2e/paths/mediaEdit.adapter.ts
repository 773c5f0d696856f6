import mediaEdit from '../../model/media/mediaEdit.qa.ts';
import { formAdapter } from './form.ts';
import type { ReplayContext } from './replay.ts';
import { readyPicture } from './seed.ts';

const dialog = (ctx: ReplayContext) => ctx.page.getByRole('dialog', { name: 'Edit media' });
const name = (ctx: ReplayContext) => `Intro ${ctx.unique}`;

/** "Edit" on the page of a picture uploaded through the API (one per server, ready to play). */
export const mediaEditAdapter = formAdapter({
  qa: mediaEdit,
  async open(ctx) {
    await ctx.page.goto(`/media/${await readyPicture(ctx)}`);
    await ctx.page.getByRole('button', { name: 'Edit', exact: true }).click();
    await dialog(ctx).waitFor();
  },
  dialog,
  changes: {
    'type the name "Intro"': (ctx) => dialog(ctx).getByRole('textbox', { name: 'Name' }).fill(name(ctx)),
    'clear the name': (ctx) => dialog(ctx).getByRole('textbox', { name: 'Name' }).fill('   '),
  },
  saveUrl: /\/api\/v1\/media\/files\/\d+/,
  // The toast (a path that saves without typing keeps the picture's name).
  saved: (ctx) => ctx.page.getByText('Media updated').first().waitFor(),
});
