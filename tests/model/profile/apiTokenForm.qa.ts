import { apiTokenFieldErrors, apiTokenFormInput, apiTokenFormMachine, type ApiTokenFields } from '../../../src/machines/profile/apiTokenForm.machine.ts';
import { defineFormQa } from '../form/formQa.ts';
import { text } from '../qa/screen.ts';

const NO_RIGHTS = { devices: 'none', media: 'none', playlists: 'none', campaigns: 'none', statistics: 'none', company: 'none' };

/** The new API token form of /profile (issue 40): a name (required, 100 at most), an expiry, a right in at least one area. */
export default defineFormQa({
  machine: apiTokenFormMachine,
  file: 'src/machines/profile/apiTokenForm.machine.ts',
  title: 'The new API token form',
  input: { ...apiTokenFormInput(), fields: { ...apiTokenFormInput().fields, permissions: { ...NO_RIGHTS, devices: 'view' } } },
  valid: { words: 'type the name "Inventory sync"', field: 'name', value: 'Inventory sync' },
  invalid: { words: 'type a blank name', field: 'name', value: '   ', errors: { name: 'required' } },
  sendable: (fields) => Object.keys(apiTokenFieldErrors(fields as ApiTokenFields)).length === 0,
  saved: {
    id: 3,
    name: 'Inventory sync',
    prefix: 'vit_AbCdEf',
    permissions: { ...NO_RIGHTS, devices: 'view' },
    created_at: '2026-11-29T10:00:00.000Z',
    expires_at: '2027-02-27T10:00:00.000Z',
    last_used_at: null,
    token: 'vit_AbCdEfGhIjKlMnOpQrStUvWxYz0123456789abcdefg',
  },
  refusal: { words: 'the server refuses: the name is taken', code: 'name_taken', fields: { name: 'taken' } },
  namespace: 'profile',
  preconditions: { start: { route: '/profile', user: 'any signed-in user with a right in Devices', data: 'press "New token", set Devices to "View"' } },
  howTo: { 'the server refuses: the name is taken': 'make a token "Inventory sync" first, then this one with the same name' },
  screen: {
    open: [
      `the dialog ${text('profile:tokens.form.title')} with ${text('profile:tokens.form.name')} empty (hint ${text('profile:tokens.form.nameHint')}), ${text('profile:tokens.form.expires')} ${text('profile:tokens.expiries.90')}, a right per area, Devices ${text('groups:levels.view')}`,
      `the buttons ${text('common:actions.cancel')} and ${text('profile:tokens.form.submit')}`,
    ],
    valid: [`${text('profile:tokens.form.name')} shows Inventory sync`],
    invalid: [`${text('profile:tokens.form.name')} shows only spaces; no message yet`],
    fieldErrors: (errors) => Object.entries(errors).map(([field, code]) => `under ${text(`profile:tokens.form.${field === 'permissions' ? 'rights' : field}`)} the message ${text(`profile:tokens.errors.${field === 'permissions' && code === 'required' ? 'rightsRequired' : code}`)}`),
    offline: [`the line ${text('profile:tokens.errors.network_error')} above the buttons`],
    saved: [
      `the dialog closes; a success toast ${text('profile:tokens.created')}`,
      `above the list ${text('profile:tokens.once.title')} ${text('profile:tokens.once.body')} with the token and the buttons ${text('profile:tokens.once.copy')} and ${text('profile:tokens.once.dismiss')}`,
      'the row Inventory sync in the list',
    ],
  },
});
