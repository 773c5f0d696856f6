import { StructError, create } from 'superstruct';
import { createFormMachine, fieldErrorsFromFailures, type FieldErrors } from '../form/form.machine.ts';
import { saveCampaign, type Campaign, type CampaignFields } from '../../services/campaigns/campaigns.service.ts';
import { CampaignCreateBody } from '../../services/schemas/campaigns.ts';

export type { CampaignFields };

/** The shared schema's rules on the form's fields: a name is required ("Name is required!"), at most 200 characters. */
export function campaignFieldErrors(fields: CampaignFields): FieldErrors {
  try {
    create({ ...fields, name: fields.name.trim() }, CampaignCreateBody);
    return {};
  } catch (error) {
    if (!(error instanceof StructError)) throw error;
    return fieldErrorsFromFailures(error.failures());
  }
}

export function campaignFormInput(campaign: Campaign | null) {
  return campaign
    ? { id: campaign.id, fields: { name: campaign.name, screen_position: campaign.screen_position } }
    : { id: null, fields: { name: '', screen_position: 'horizontal' as const } };
}

/** Add / edit campaign: name and screen position (the position stays while the campaign has devices: 409). */
export const campaignFormMachine = createFormMachine<CampaignFields, Campaign>({
  id: 'campaignForm',
  validate: campaignFieldErrors,
  save: ({ id, fields }) => saveCampaign(id, fields),
});
