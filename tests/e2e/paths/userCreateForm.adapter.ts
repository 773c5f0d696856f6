import userCreateForm from '../../model/users/userCreateForm.qa.ts';
import { formAdapter } from './form.ts';
import type { ReplayContext } from './replay.ts';

const dialog = (ctx: ReplayContext) => ctx.page.getByRole('dialog', { name: 'Add user' });
const password = (ctx: ReplayContext) => dialog(ctx).locator('input[type="password"]');
const username = (ctx: ReplayContext) => `оператор${ctx.unique.replace(/\D/g, '')}`;

/** "Add user" on /users (the administrator), the password пароль-2026 typed first; each path's username is its own. */
export const userCreateFormAdapter = formAdapter({
  qa: userCreateForm,
  async open(ctx) {
    await ctx.page.goto('/users');
    await ctx.page.getByRole('button', { name: 'Add user' }).click();
    await password(ctx).fill('пароль-2026');
  },
  dialog,
  changes: {
    'type the username "оператор"': (ctx) => dialog(ctx).getByRole('textbox', { name: 'Username' }).fill(username(ctx)),
    'type the password "aaaaaaaaaa" (one kind of character)': (ctx) => password(ctx).fill('aaaaaaaaaa'),
  },
  saveUrl: /\/api\/v1\/users\//,
  saved: (ctx) => ctx.page.getByText(username(ctx), { exact: true }).first().waitFor(),
});
