import { usernameFormMachine } from '../../../src/machines/profile/usernameForm.machine.ts';
import { defineFormQa } from '../form/formQa.ts';
import { text } from '../qa/screen.ts';

/** /profile: one's own username, required, letters, digits and `_ . @ + -`, at most 150. */
export default defineFormQa({
  machine: usernameFormMachine,
  file: 'src/machines/profile/usernameForm.machine.ts',
  title: 'The username form of /profile',
  input: { id: 7, fields: { username: 'operator' } },
  valid: { words: 'type the username "оператор.север"', field: 'username', value: 'оператор.север' },
  invalid: { words: 'clear the username', field: 'username', value: ' ', errors: { username: 'required' } },
  sendable: (fields) => /^[\p{L}\p{N}_.@+-]{1,150}$/u.test(String(fields.username).trim()),
  saved: { id: 7, username: 'оператор.север', is_active: true, is_admin: false, date_joined: '2026-11-22T10:00:00.000Z' },
  refusal: { words: 'the server refuses: the username is taken', code: 'username_taken', fields: { username: 'taken' } },
  namespace: 'profile',
  preconditions: { start: { route: '/profile', user: 'operator (any signed-in user; it edits its own name)', data: 'a second user whose name is taken by the refusal step (оператор.север)' } },
  howTo: { 'the server refuses: the username is taken': 'a user оператор.север exists already (add it on /users as admin first)' },
  offScreen: {
    'press "Cancel"': 'the username form of /profile has no "Cancel"',
    'press "Save"': (view) =>
      view.busy
        ? `${text('profile:account.save')} is disabled while saving`
        : String((view.fields as { username: string }).username).trim() === 'operator'
          ? `${text('profile:account.save')} is disabled while the name is unchanged`
          : undefined,
  },
  screen: {
    submit: text('profile:account.save'),
    open: [`the section ${text('profile:account.title')}: ${text('profile:account.username')} holds operator, ${text('profile:account.save')} disabled`],
    valid: [`${text('profile:account.username')} shows оператор.север; ${text('profile:account.save')} enabled`],
    invalid: [`${text('profile:account.username')} holds a space; no message yet`],
    fieldErrors: (errors) => Object.values(errors).map((code) => `under ${text('profile:account.username')} the message ${text(`profile:errors.${code}`)}`),
    offline: [`under the section the line ${text('common:errors.network_error')}`],
    saving: [`${text('profile:account.save')} is disabled`],
    closed: [],
    disabledWhileSaving: `${text('profile:account.save')} is disabled while saving`,
    saved: [`a success toast ${text('profile:account.saved')}`, 'the field holds оператор.север; the top bar shows оператор.север'],
  },
});
