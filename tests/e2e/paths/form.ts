// The adapter of a form dialog made with createFormMachine (tests/model/form/formQa.ts): the same samples for every
// form (its valid and invalid change, "Save", "Cancel", the server's answers), only the screen and the fields differ.
import type { Locator } from 'playwright-core';
import type { QaCatalogue } from '../../model/qa/catalogue.ts';
import { dropNext, failNext, type Adapter, type ReplayContext } from './replay.ts';

export interface FormScreen {
  qa: QaCatalogue;
  /** Makes the data and opens the dialog (its fields as the catalogue's input has them). */
  open: (ctx: ReplayContext) => Promise<void>;
  /** The dialog. */
  dialog: (ctx: ReplayContext) => Locator;
  /** The user action of the form's valid and invalid change, by the catalogue's words. */
  changes: Record<string, (ctx: ReplayContext) => Promise<void>>;
  /** The request the save sends (any method but GET). */
  saveUrl: RegExp;
  /** The submit button's name (default "Save"). */
  submit?: string;
  /** What the screen shows once saved, besides the dialog closing. */
  saved?: (ctx: ReplayContext) => Promise<void>;
  onePage?: boolean;
}

/** The form's adapter: a refusal the data would not earn is arranged on the network with the catalogue's code and fields. */
export function formAdapter(form: FormScreen): Adapter {
  const { qa } = form;
  const submit = form.submit ?? 'Save';
  const refusal = Object.entries(qa.events).find(([, event]) => event.type === 'xstate.done.actor.save' && (event as { output?: { ok?: boolean } }).output?.ok === false);
  if (!refusal) throw new Error(`${qa.title}: no refusal sample`);
  const [refusalWords, refusalEvent] = refusal as [string, { output: { code: string; fields: Record<string, string> } }];
  const button = (ctx: ReplayContext) => form.dialog(ctx).getByRole('button', { name: submit, exact: true });
  return {
    qa,
    ...(form.onePage === undefined ? {} : { onePage: form.onePage }),
    start: (ctx) => form.open(ctx),
    act: {
      ...form.changes,
      'press "Save"': (ctx) => button(ctx).click(),
      'press "Cancel"': (ctx) => form.dialog(ctx).getByRole('button', { name: 'Cancel', exact: true }).click(),
    },
    arrange: {
      [refusalWords]: (ctx) => failNext(ctx.page, 'write', form.saveUrl, 400, { detail: refusalWords, code: refusalEvent.output.code, fields: refusalEvent.output.fields }),
      'the network is down during the save': (ctx) => dropNext(ctx.page, 'write', form.saveUrl),
    },
    shows: {
      editing: async (ctx) => {
        await button(ctx).and(ctx.page.locator(':enabled')).waitFor();
      },
      failed: async (ctx) => {
        await button(ctx).and(ctx.page.locator(':enabled')).waitFor();
        // The server's reasons under the fields (the field is marked invalid), or the failure line above the buttons.
        await form.dialog(ctx).locator('[aria-invalid="true"], p[role="alert"]').first().waitFor();
      },
      saved: async (ctx) => {
        await form.dialog(ctx).waitFor({ state: 'detached' });
        await form.saved?.(ctx);
      },
      closed: (ctx) => form.dialog(ctx).waitFor({ state: 'detached' }),
    },
  };
}
