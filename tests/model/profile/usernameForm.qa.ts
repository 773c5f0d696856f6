import { usernameFormMachine } from '../../../src/machines/profile/usernameForm.machine.ts';
import { defineFormQa } from '../form/formQa.ts';

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
});
