// What the users page's dialogs (src/views/users/UserDialogs.tsx) show, in the user's words, for the QA pages.
import type { FormScreen } from '../form/formQa.ts';
import { text } from '../qa/screen.ts';

const LABELS: Record<string, string> = { username: 'username', password: 'password', groups: 'groups', is_active: 'active' };

/** The message under each field for its error code (users:validation), as the dialogs show it. */
export function fieldErrors(errors: Record<string, string>): string[] {
  return Object.entries(errors).map(([field, code]) => `under ${text(`users:fields.${LABELS[field] ?? field}`)} the message ${text(`users:validation.${code}`)}`);
}

/** A users dialog's words: its title and fields as it opens, the field after each change, the toast once saved. */
export function userDialog(screen: { open: string[]; valid: string[]; invalid: string[]; toast: 'added' | 'saved'; row: string }): FormScreen {
  return {
    open: [...screen.open, `the buttons ${text('common:actions.cancel')} and ${text('common:actions.save')}`],
    valid: screen.valid,
    invalid: screen.invalid,
    fieldErrors,
    offline: [`the line ${text('users:errors.network_error')} above the buttons`],
    saved: [`the dialog closes; a success toast ${text(`users:messages.${screen.toast}`)}`, screen.row],
  };
}

/** Who opens a users dialog: the administrator on /users. */
export const ADMIN_ON_USERS = { route: '/users', user: 'admin (the administrator: only it sees Users)' };
