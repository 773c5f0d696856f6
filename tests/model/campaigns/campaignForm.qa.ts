import { campaignFormInput, campaignFormMachine } from '../../../src/machines/campaigns/campaignForm.machine.ts';
import type { Campaign } from '../../../src/services/campaigns/campaigns.service.ts';
import { defineFormQa } from '../form/formQa.ts';
import { text } from '../qa/screen.ts';

const campaign = (fields: Partial<Campaign> = {}): Campaign => ({
  id: 4,
  name: 'Winter sale',
  screen_position: 'horizontal',
  active_devices: 2,
  deactivated_devices: 0,
  events_count: 0,
  expired: false,
  has_unpublished: false,
  published_at: null,
  created_at: '2026-11-01T00:00:00.000Z',
  updated_at: '2026-11-01T00:00:00.000Z',
  ...fields,
});

/** Section 5: a campaign name is required ("Name is required!"); a campaign with devices keeps its screen position. */
export default defineFormQa({
  machine: campaignFormMachine,
  file: 'src/machines/campaigns/campaignForm.machine.ts',
  title: 'The add / edit campaign form',
  req: { 'clear the name': ['S5-2'], 'the server refuses: a campaign with devices cannot change its screen position': ['S5-7'] },
  input: campaignFormInput(campaign()),
  valid: { words: 'type the name "Spring sale"', field: 'name', value: 'Spring sale' },
  invalid: { words: 'clear the name', field: 'name', value: '  ', errors: { name: 'required' } },
  sendable: (fields) => String(fields.name).trim() !== '',
  saved: campaign({ name: 'Spring sale' }),
  refusal: { words: 'the server refuses: a campaign with devices cannot change its screen position', code: 'campaign_has_devices', fields: { screen_position: 'campaign_has_devices' } },
  namespace: 'campaigns',
  preconditions: { start: { route: '/campaigns', user: 'admin (or a user with campaigns edit rights)', data: 'campaign 4 "Winter sale" (horizontal, 2 devices); open its actions and choose "Edit"' } },
  howTo: {
    'the server refuses: a campaign with devices cannot change its screen position':
      'the screen position field is locked while the campaign has devices: in the devtools remove its disabled attribute, choose Vertical, then press "Save"',
  },
  screen: {
    open: [`the dialog ${text('campaigns:form.editTitle')} with ${text('campaigns:fields.name')} Winter sale and ${text('campaigns:fields.screen_position')} ${text('campaigns:positions.horizontal')}, locked (${text('campaigns:form.positionLocked')})`],
    valid: [`${text('campaigns:fields.name')} reads Spring sale`],
    invalid: [`${text('campaigns:fields.name')} holds only spaces; no message yet`],
    fieldErrors: (errors) =>
      Object.entries(errors).map(([field, code]) => `under ${text(`campaigns:fields.${field}`)}: ${text(code === 'required' ? 'campaigns:form.nameRequired' : code === 'campaign_has_devices' ? 'campaigns:form.positionLocked' : 'campaigns:form.tooLong')}`),
    offline: [`the line "${text('campaigns:form.saveError').slice(1, -1)}: ${text('common:errors.network_error').slice(1, -1)}" above the buttons`],
    saved: [`the dialog closes; a success toast ${text('campaigns:form.updated')}`, 'the row Spring sale in the list'],
  },
});
