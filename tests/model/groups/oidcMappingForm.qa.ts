import { EMPTY_OIDC_MAPPING, oidcMappingFormMachine } from '../../../src/machines/groups/oidcMappingForm.machine.ts';
import { defineFormQa } from '../form/formQa.ts';
import { text } from '../qa/screen.ts';

/** A new single sign-on mapping on /groups (issue 40): a provider group name (required, at most 256 characters) and a Vitrine group (required). */
export default defineFormQa({
  machine: oidcMappingFormMachine,
  file: 'src/machines/groups/oidcMappingForm.machine.ts',
  title: 'The new single sign-on mapping',
  input: { id: null, fields: { ...EMPTY_OIDC_MAPPING, group: '2' } },
  valid: { words: 'type the provider group "signage-operators"', field: 'provider_group', value: 'signage-operators' },
  invalid: { words: 'type a blank provider group', field: 'provider_group', value: '   ', errors: { provider_group: 'required' } },
  sendable: (fields) => String(fields.provider_group).trim() !== '' && [...String(fields.provider_group).trim()].length <= 256 && fields.group !== '',
  saved: { id: 1, provider_group: 'signage-operators', group: 2, group_name: 'North operators' },
  refusal: { words: 'the server refuses: the mapping exists', code: 'mapping_exists', fields: { provider_group: 'taken' } },
  namespace: 'groups',
  preconditions: { start: { route: '/groups', user: 'admin (the administrator: only it sees Groups)', data: 'a group North operators; press "Add mapping" and choose North operators' } },
  howTo: { 'the server refuses: the mapping exists': 'add signage-operators -> North operators first, then this one again' },
  screen: {
    open: [
      `the dialog ${text('groups:sso.form.title')} with ${text('groups:sso.fields.provider_group')} empty (hint ${text('groups:sso.form.providerHint')}) and ${text('groups:sso.fields.group')} North operators`,
      `the buttons ${text('common:actions.cancel')} and ${text('groups:sso.form.submit')}`,
    ],
    valid: [`${text('groups:sso.fields.provider_group')} shows signage-operators`],
    invalid: [`${text('groups:sso.fields.provider_group')} shows only spaces; no message yet`],
    fieldErrors: (errors) => Object.entries(errors).map(([field, code]) => `under ${text(`groups:sso.fields.${field}`)} the message ${text(`groups:sso.errors.${code}`)}`),
    offline: [`the line ${text('groups:sso.errors.network_error')} above the buttons`],
    saved: [`the dialog closes; a success toast ${text('groups:sso.added')}`, 'the row signage-operators in the mappings'],
  },
});
