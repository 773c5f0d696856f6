import groupForm from '../../model/groups/groupForm.qa.ts';
import { formAdapter } from './form.ts';
import type { ReplayContext } from './replay.ts';

const dialog = (ctx: ReplayContext) => ctx.page.getByRole('dialog', { name: 'Add group' });
const name = (ctx: ReplayContext) => `Операторы севера ${ctx.unique}`;

/** "Add group" on /groups (the administrator); the name each path types is its own, so the real server saves it. */
export const groupFormAdapter = formAdapter({
  qa: groupForm,
  async open(ctx) {
    await ctx.page.goto('/groups');
    await ctx.page.getByRole('button', { name: 'Add group' }).click();
    await dialog(ctx).waitFor();
  },
  dialog,
  changes: {
    'type the name "Операторы севера"': (ctx) => dialog(ctx).getByRole('textbox', { name: 'Name' }).fill(name(ctx)),
    'type a blank name': (ctx) => dialog(ctx).getByRole('textbox', { name: 'Name' }).fill('   '),
  },
  saveUrl: /\/api\/v1\/groups\//,
  saved: (ctx) => ctx.page.getByText(name(ctx), { exact: true }).first().waitFor(),
});
