import departmentForm from '../../model/company/departmentForm.qa.ts';
import { formAdapter } from './form.ts';
import type { ReplayContext } from './replay.ts';
import { ok } from './seed.ts';

const dialog = (ctx: ReplayContext) => ctx.page.getByRole('dialog', { name: 'Add department' });
// The catalogue's department, made the path's own.
const name = (ctx: ReplayContext) => `Продажи ${ctx.unique}`;

/** "Add department" of a company made through the API, on /structure (the company chosen by the button's section). */
export const departmentFormAdapter = formAdapter({
  qa: departmentForm,
  async open(ctx) {
    const company = ok('company', await ctx.admin.client.post('/companies/create/', { name: `QA structure ${ctx.unique}`, user: 1 })).body;
    await ctx.page.goto('/structure');
    await ctx.page.locator(`section[aria-labelledby="structure-${company.id}"]`).getByRole('button', { name: 'Add department' }).click();
    await dialog(ctx).waitFor();
  },
  dialog,
  changes: {
    'type the name "Продажи"': (ctx) => dialog(ctx).getByRole('textbox', { name: 'Name', exact: true }).fill(name(ctx)),
    'clear the name': (ctx) => dialog(ctx).getByRole('textbox', { name: 'Name', exact: true }).fill('  '),
  },
  saveUrl: /\/api\/v1\/departments\//,
  saved: (ctx) => ctx.page.getByText(name(ctx), { exact: true }).first().waitFor(),
});
