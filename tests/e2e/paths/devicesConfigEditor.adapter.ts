import configEditor from '../../model/devices/devicesConfigEditor.qa.ts';
import { dropNext, failNext, type Adapter, type ReplayContext } from './replay.ts';

const CONFIGS = /\/api\/v1\/tvpi\/devices\/\d+\/configs\//;
const editorOf = (ctx: ReplayContext, name: string) => ctx.page.getByRole('textbox', { name: `Content of ${name}` });
const modified = (ctx: ReplayContext) => ctx.page.getByText('Unsaved changes', { exact: true }).and(ctx.page.locator(':not([role=heading]):not(h2)'));
const asking = (ctx: ReplayContext) => ctx.page.getByRole('alertdialog', { name: 'Unsaved changes' });

/** The config editor of a device the path creates through the API (every new device has player.json and display.conf). */
export const devicesConfigEditorAdapter: Adapter = {
  qa: configEditor,
  async start(ctx) {
    const created = await ctx.admin.client.post('/tvpi/devices/create/', { sn: `qa-${ctx.unique}`, name: `QA ${ctx.unique}`, user: 1 });
    if (created.status !== 201) throw new Error(`device not created: ${created.status}`);
    const configs = await ctx.admin.client.get(`/tvpi/devices/${created.body.id}/configs/`);
    ctx.data.player = (configs.body as { name: string; content: string }[]).find((config) => config.name === 'player.json')!.content;
    await ctx.page.goto(`/devices/${created.body.id}/configs`, { waitUntil: 'networkidle' });
  },
  act: {
    // The empty screen has no button to load again: the browser's reload stands in for it there.
    'press "Reload"': async (ctx) => {
      const retry = ctx.page.getByRole('button', { name: 'Try again' });
      if (await retry.count()) await retry.click();
      else await ctx.page.reload();
    },
    'pick player.json': (ctx) => ctx.page.getByRole('button', { name: /player\.json/ }).click(),
    'pick display.conf': (ctx) => ctx.page.getByRole('button', { name: /display\.conf/ }).click(),
    'change the volume to 10': (ctx) => editorOf(ctx, 'player.json').fill('{"volume": 10}\n'),
    'type the saved text back': (ctx) => editorOf(ctx, 'player.json').fill(ctx.data.player as string),
    'press "Save"': (ctx) => ctx.page.getByRole('button', { name: 'Save' }).click(),
    'press "Revert"': (ctx) => ctx.page.getByRole('button', { name: 'Revert' }).click(),
    'answer "Discard changes"': (ctx) => asking(ctx).getByRole('button', { name: 'Discard' }).click(),
    'answer "Keep editing"': (ctx) => asking(ctx).getByRole('button', { name: 'Keep editing' }).click(),
  },
  arrange: {
    'the device has no config file': (ctx) => failNext(ctx.page, 'GET', CONFIGS, 200, []),
    'the device is gone (404)': (ctx) => failNext(ctx.page, 'GET', CONFIGS, 404, { detail: 'Not found.', code: 'not_found' }),
    // The edit is valid JSON: the refusal an invalid file brings is given on the network.
    'the server refuses: not valid JSON': (ctx) =>
      failNext(ctx.page, 'write', CONFIGS, 400, { detail: 'The config is not valid JSON.', code: 'invalid_json', fields: { content: 'invalid_json' } }),
    'the network is down during the save': (ctx) => dropNext(ctx.page, 'write', CONFIGS),
  },
  shows: {
    failed: (ctx) => ctx.page.getByRole('alert').filter({ hasText: 'Error while loading device' }).waitFor(),
    empty: (ctx) => ctx.page.getByText('This device has no config files.').waitFor(),
    'ready.noSelection': (ctx) => ctx.page.getByText('Pick a config file to edit.').waitFor(),
    'ready.clean': async (ctx) => {
      await ctx.page.getByRole('textbox', { name: /^Content of / }).waitFor();
      await ctx.page.getByRole('button', { name: 'Revert' }).and(ctx.page.locator(':disabled')).waitFor();
      await asking(ctx).waitFor({ state: 'detached' });
    },
    'ready.dirty': async (ctx) => {
      await ctx.page.getByRole('button', { name: 'Revert' }).and(ctx.page.locator(':enabled')).waitFor();
      await asking(ctx).waitFor({ state: 'detached' });
    },
    'ready.confirmingSwitch': (ctx) => asking(ctx).waitFor(),
  },
};
