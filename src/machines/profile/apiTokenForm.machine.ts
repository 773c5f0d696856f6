import { createFormMachine } from '../form/form.machine.ts';
import { createApiToken, type ApiTokenCreated } from '../../services/apiTokens.service.ts';
import { AREAS, type Area } from '../../services/schemas/groups.ts';

/** The expiry choices of the form: days, or `never`. */
export const TOKEN_EXPIRIES = ['30', '90', '365', 'never'] as const;
export type TokenExpiry = (typeof TOKEN_EXPIRIES)[number];

export type ApiTokenFields = { name: string; expires: TokenExpiry; permissions: Record<Area, 'none' | 'view' | 'edit'> };

/** A new token: no name yet, 90 days, no rights until the user gives some (never more than their own: the view offers no more). */
export function apiTokenFormInput(): { id: null; fields: ApiTokenFields } {
  return { id: null, fields: { name: '', expires: '90', permissions: Object.fromEntries(AREAS.map((area) => [area, 'none'])) as ApiTokenFields['permissions'] } };
}

/** A name (1-100 characters) and a right in at least one area (the server's rules, src/services/schemas/apiTokens.ts). */
export function apiTokenFieldErrors(fields: ApiTokenFields): Record<string, string> {
  const errors: Record<string, string> = {};
  const name = fields.name.trim();
  if (!name) errors.name = 'required';
  else if (name.length > 100) errors.name = 'too_long';
  if (AREAS.every((area) => fields.permissions[area] === 'none')) errors.permissions = 'required';
  return errors;
}

/** The new-token form of /profile: name, expiry, rights per area; the answer carries the token, shown once. */
export const apiTokenFormMachine = createFormMachine<ApiTokenFields, ApiTokenCreated>({
  id: 'apiTokenForm',
  validate: apiTokenFieldErrors,
  save: ({ fields }) =>
    createApiToken({
      name: fields.name.trim(),
      expires_days: fields.expires === 'never' ? null : (Number(fields.expires) as 30 | 90 | 365),
      permissions: Object.fromEntries(AREAS.filter((area) => fields.permissions[area] !== 'none').map((area) => [area, fields.permissions[area]])),
    }),
  // A right's field error sits under `permissions` (the server names permissions.<area> for one beyond the user's).
  errorFieldsOf: (field) => (field === 'permissions' ? ['permissions', ...AREAS.map((area) => `permissions.${area}`)] : [field]),
});
