import { createFormMachine, type FieldErrors } from '../form/form.machine.ts';
import { createOidcMapping, type OidcGroupMapping } from '../../services/oidc.service.ts';
import { MAX_PROVIDER_GROUP } from '../../services/schemas/oidc.ts';

export type OidcMappingFields = { provider_group: string; group: string };

export const EMPTY_OIDC_MAPPING: OidcMappingFields = { provider_group: '', group: '' };

/** The server's rules (src/services/schemas/oidc.ts): a provider group name of 1 to 256 characters, and a Vitrine group. */
export function oidcMappingErrors(fields: OidcMappingFields): FieldErrors {
  const errors: FieldErrors = {};
  const name = fields.provider_group.trim();
  if (!name) errors.provider_group = 'required';
  else if ([...name].length > MAX_PROVIDER_GROUP) errors.provider_group = 'too_long';
  if (!fields.group) errors.group = 'required';
  return errors;
}

/** A new mapping on /groups: a value of the provider's groups claim gives a Vitrine group at every single sign-on. */
export const oidcMappingFormMachine = createFormMachine<OidcMappingFields, OidcGroupMapping>({
  id: 'oidcMappingForm',
  validate: oidcMappingErrors,
  save: ({ fields }) => createOidcMapping({ provider_group: fields.provider_group.trim(), group: Number(fields.group) }),
});
