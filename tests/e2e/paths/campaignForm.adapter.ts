import campaignForm from '../../model/campaigns/campaignForm.qa.ts';
import { formAdapter } from './form.ts';
import type { ReplayContext } from './replay.ts';
import { ok } from './seed.ts';

const dialog = (ctx: ReplayContext) => ctx.page.getByRole('dialog', { name: 'Edit campaign' });
const renamed = (ctx: ReplayContext) => `Spring sale ${ctx.unique}`;

/** "Edit" of a campaign the path makes through the API, from its row's actions on /campaigns. */
export const campaignFormAdapter = formAdapter({
  qa: campaignForm,
  async open(ctx) {
    const name = `QA campaign ${ctx.unique}`;
    ok('campaign', await ctx.admin.client.post('/campaigns/create/', { name, screen_position: 'horizontal', user: 1 }));
    await ctx.page.goto('/campaigns');
    await ctx.page.getByRole('button', { name: `Actions for ${name}` }).click();
    await ctx.page.getByRole('menuitem', { name: 'Edit' }).click();
    await dialog(ctx).waitFor();
  },
  dialog,
  changes: {
    'type the name "Spring sale"': (ctx) => dialog(ctx).getByRole('textbox', { name: 'Name' }).fill(renamed(ctx)),
    'clear the name': (ctx) => dialog(ctx).getByRole('textbox', { name: 'Name' }).fill('  '),
  },
  saveUrl: /\/api\/v1\/campaigns\//,
  // The toast; the list row was once seen keeping the old name 15 s after the save (under load): not waited for here.
  saved: (ctx) => ctx.page.getByText('Campaign updated!').first().waitFor(),
});
