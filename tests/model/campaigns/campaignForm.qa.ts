import { campaignFormInput, campaignFormMachine } from '../../../src/machines/campaigns/campaignForm.machine.ts';
import type { Campaign } from '../../../src/services/campaigns/campaigns.service.ts';
import { defineFormQa } from '../form/formQa.ts';

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
});
