import directory from '../../model/directory.qa.ts';
import { dropNext, failNext, type Adapter, type ReplayContext } from './replay.ts';

const QUERIES = /\/api\/v1\/directory\/queries\//;
const preset = (ctx: ReplayContext) => ctx.data.preset as string;
const dialog = (ctx: ReplayContext) => ctx.page.getByRole('dialog');
const fill = (label: string, value: (ctx: ReplayContext) => string) => async (ctx: ReplayContext) =>
  dialog(ctx).getByLabel(label).fill(value(ctx));

/** The Directory screen: the path's own preset is made through the API, then the screen opened as the administrator. */
export const directoryAdapter: Adapter = {
  qa: directory,
  unsupported: { 'go to page 2': 'the Directory screen has no pager: it lists one page of queries' },
  async start(ctx) {
    ctx.data.preset = `Full HD ${ctx.unique}`;
    const created = await ctx.admin.client.post('/directory/queries/create/', {
      name: ctx.data.preset,
      value: '1920 x 1080 @ fps=30 @ x264',
      type: 'video',
      device: 'tvpi',
      screen: 'horizontal',
    });
    if (created.status !== 201) throw new Error(`preset not created: ${created.status} ${JSON.stringify(created.body)}`);
    // The path starts once the list and the profile have loaded.
    await ctx.page.goto('/directory', { waitUntil: 'networkidle' });
  },
  act: {
    'press "Reload"': (ctx) => ctx.page.getByRole('button', { name: 'Refresh' }).click(),
    'press "Add"': (ctx) => ctx.page.getByRole('button', { name: 'Add query' }).click(),
    'press "Edit" on Full HD': (ctx) => ctx.page.getByRole('button', { name: `Edit ${preset(ctx)}`, exact: true }).click(),
    'type the name 4K': fill('Name', (ctx) => `4K ${ctx.unique}`),
    'clear the name': fill('Name', () => ''),
    'type the value "3840 x 2160 @ fps=25 @ hevc"': fill('Value', () => '3840 x 2160 @ fps=25 @ hevc'),
    'type the value "3840x2160" (wrong format)': fill('Value', () => '3840x2160'),
    'press "Save"': (ctx) => dialog(ctx).getByRole('button', { name: 'Save' }).click(),
    'press "Cancel"': (ctx) => dialog(ctx).getByRole('button', { name: 'Cancel' }).click(),
    'switch Full HD on or off': (ctx) => ctx.page.getByRole('button', { name: new RegExp(`^(Deactivate|Activate) ${preset(ctx)}$`) }).click(),
  },
  arrange: {
    'the list is refused (403 forbidden)': (ctx) =>
      failNext(ctx.page, 'GET', QUERIES, 403, { detail: 'You do not have permission to perform this action.', code: 'forbidden' }),
    // The form holds a name no other preset has: the refusal a clash would bring is given on the network.
    'the server refuses: the name is taken': (ctx) =>
      failNext(ctx.page, 'write', QUERIES, 409, { detail: 'A query with this name already exists.', code: 'query_name_taken', fields: { name: 'taken' } }),
    'the network is down during the save': (ctx) => dropNext(ctx.page, 'write', QUERIES),
    'the network is down during the switch': (ctx) => dropNext(ctx.page, 'write', QUERIES),
  },
  shows: {
    failed: (ctx) => ctx.page.getByRole('alert').filter({ hasText: 'Error while loading the directory' }).waitFor(),
    'ready.idle': async (ctx) => {
      await dialog(ctx).waitFor({ state: 'detached' });
      await ctx.page.getByRole('button', { name: `Edit ${preset(ctx)}`, exact: true }).or(ctx.page.getByRole('button', { name: `Edit 4K ${ctx.unique}` })).first().waitFor();
      await ctx.page.getByRole('button', { name: 'Add query' }).and(ctx.page.locator(':enabled')).waitFor();
    },
    'ready.editing': async (ctx) => {
      await dialog(ctx).getByRole('button', { name: 'Save' }).and(ctx.page.locator(':enabled')).waitFor();
    },
  },
};
