import layoutDuplicate from '../../model/layouts/layoutDuplicate.qa.ts';
import { formAdapter } from './form.ts';
import type { ReplayContext } from './replay.ts';
import { ok } from './seed.ts';

const source = (ctx: ReplayContext) => `QA lobby ${ctx.unique}`;
const dialog = (ctx: ReplayContext) => ctx.page.getByRole('dialog', { name: `Duplicate ${source(ctx)}` });
const copy = (ctx: ReplayContext) => `Lobby, winter ${ctx.unique}`.slice(0, 60);

/** "Duplicate" on a row of /layouts: a layout made through the API (the newest, so on the first page). */
export const layoutDuplicateAdapter = formAdapter({
  qa: layoutDuplicate,
  async open(ctx) {
    ok('layout', await ctx.admin.client.post('/layouts/create/', { name: source(ctx), screen_position: 'horizontal' }));
    await ctx.page.goto('/layouts');
    await ctx.page.getByRole('button', { name: `Duplicate ${source(ctx)}` }).click();
    await dialog(ctx).waitFor();
  },
  dialog,
  changes: {
    'type the name "Lobby, winter"': async (ctx) => {
      ctx.data.named = copy(ctx);
      await dialog(ctx).getByLabel('Name').fill(copy(ctx));
    },
    'type a 62-character name': (ctx) => dialog(ctx).getByLabel('Name').fill('Копия Лобби: основная, боковая и бегущая строка — вход (север)'),
  },
  saveUrl: /\/api\/v1\/layouts\/create\//,
  submit: 'Duplicate',
  // The list shows the copy under the name saved: the one typed, or the offered "Copy of …".
  saved: (ctx) => ctx.page.getByText((ctx.data.named as string | undefined) ?? `Copy of ${source(ctx)}`, { exact: true }).first().waitFor(),
});
