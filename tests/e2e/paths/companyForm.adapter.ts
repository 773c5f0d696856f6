import companyForm from '../../model/company/companyForm.qa.ts';
import { formAdapter } from './form.ts';
import type { ReplayContext } from './replay.ts';

const dialog = (ctx: ReplayContext) => ctx.page.getByRole('dialog', { name: 'Add company' });
// The catalogue's company name, made the path's own.
const name = (ctx: ReplayContext) => `Северный ветер ${ctx.unique}`;

/** "Add company" on /organizations (the administrator), the name typed as the catalogue's input has it. */
export const companyFormAdapter = formAdapter({
  qa: companyForm,
  async open(ctx) {
    await ctx.page.goto('/organizations');
    await ctx.page.getByRole('button', { name: 'Add company' }).click();
    await dialog(ctx).getByRole('textbox', { name: 'Name', exact: true }).fill(name(ctx));
  },
  dialog,
  changes: {
    'type the INN "7707083893" (its check digit matches)': (ctx) => dialog(ctx).getByRole('textbox', { name: 'INN', exact: true }).fill('7707083893'),
    'type the INN "7707083894" (a wrong check digit)': (ctx) => dialog(ctx).getByRole('textbox', { name: 'INN', exact: true }).fill('7707083894'),
  },
  saveUrl: /\/api\/v1\/companies\//,
  saved: (ctx) => ctx.page.getByText(name(ctx), { exact: true }).first().waitFor(),
});
