import layoutForm from '../../model/layouts/layoutForm.qa.ts';
import { formAdapter } from './form.ts';
import type { ReplayContext } from './replay.ts';

const dialog = (ctx: ReplayContext) => ctx.page.getByRole('dialog', { name: 'New layout' });
// A name of its own per path, 60 characters at most like the catalogue's.
const name = (ctx: ReplayContext) => `Лобби: основная, боковая и бегущая строка ${ctx.unique}`.slice(0, 60);

/** "New layout" on /layouts (the "main + side + ticker" template chosen); a saved layout opens its editor. */
export const layoutFormAdapter = formAdapter({
  qa: layoutForm,
  async open(ctx) {
    await ctx.page.goto('/layouts');
    await ctx.page.getByRole('button', { name: 'New layout' }).click();
    await dialog(ctx).waitFor();
  },
  dialog,
  changes: {
    'type the name "Лобби: основная, боковая и бегущая строка — вход"': (ctx) => dialog(ctx).getByLabel('Name').fill(name(ctx)),
    'type a 65-character name': (ctx) => dialog(ctx).getByLabel('Name').fill('Лобби: основная, боковая и бегущая строка — вход (северное крыло)'),
  },
  saveUrl: /\/api\/v1\/layouts\/create\//,
  submit: 'Create',
  saved: (ctx) => ctx.page.getByRole('heading', { name: name(ctx), level: 1 }).waitFor(),
});
