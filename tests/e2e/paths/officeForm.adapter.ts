import officeForm from '../../model/company/officeForm.qa.ts';
import { formAdapter } from './form.ts';
import type { ReplayContext } from './replay.ts';
import { ok } from './seed.ts';

const dialog = (ctx: ReplayContext) => ctx.page.getByRole('dialog', { name: 'Add office' });
// The catalogue's office and company, made the path's own.
const name = (ctx: ReplayContext) => `Riverside ${ctx.unique}`;

/** "Add office" on /branch-offices: the company (made through the API) chosen and the name typed as the catalogue's input has them. */
export const officeFormAdapter = formAdapter({
  qa: officeForm,
  async open(ctx) {
    const company = `QA north ${ctx.unique}`;
    ok('company', await ctx.admin.client.post('/companies/create/', { name: company, user: 1 }));
    await ctx.page.goto('/branch-offices');
    await ctx.page.getByRole('button', { name: 'Add office' }).click();
    await dialog(ctx).getByRole('combobox', { name: 'Company' }).selectOption({ label: company });
    await dialog(ctx).getByRole('textbox', { name: 'Name', exact: true }).fill(name(ctx));
  },
  dialog,
  changes: {
    'type the e-mail "riverside@north.example"': (ctx) => dialog(ctx).getByRole('textbox', { name: 'Email', exact: true }).fill('riverside@north.example'),
    'type the e-mail "riverside"': (ctx) => dialog(ctx).getByRole('textbox', { name: 'Email', exact: true }).fill('riverside'),
  },
  saveUrl: /\/api\/v1\/branch-offices\//,
  saved: (ctx) => ctx.page.getByText(name(ctx), { exact: true }).first().waitFor(),
});
