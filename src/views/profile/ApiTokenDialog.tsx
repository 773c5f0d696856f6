import { Field, Input, Select } from '@fluentui/react-components';
import { useTranslation } from '../../i18n.ts';
import { selectCan } from '../../machines/session.selectors.ts';
import { apiTokenFormInput, apiTokenFormMachine, TOKEN_EXPIRIES, type TokenExpiry } from '../../machines/profile/apiTokenForm.machine.ts';
import type { ApiTokenCreated } from '../../services/apiTokens.service.ts';
import { AREAS, LEVELS, type Area, type Level } from '../../services/schemas/groups.ts';
import { SessionContext } from '../app/actors.ts';
import { FormDialog, FormRow, fieldValidation, useFormActor, useFormState } from '../common/FormDialog.tsx';

const KNOWN_ERRORS = ['too_many_tokens', 'network_error', 'forbidden'];
const KNOWN_FIELDS = ['required', 'too_long', 'name_taken', 'taken', 'permission_exceeds', 'out_of_range'];

/** The levels the signed-in user may give in an area: up to their own, as useCan reads it (the server refuses more). */
function useOwnLevels(): (area: Area) => readonly Level[] {
  // One digit per area (0 none, 1 view, 2 edit): a string, so the selector's answer compares equal while rights stay.
  const ranks = SessionContext.useSelector((s) => AREAS.map((area) => (selectCan(area, 'edit')(s) ? 2 : selectCan(area, 'view')(s) ? 1 : 0)).join(''));
  return (area) => LEVELS.slice(0, Number(ranks[AREAS.indexOf(area)]) + 1);
}

/** New API token: name, expiry and rights per area (no more than the user's own); the answer carries the token once. */
export function ApiTokenDialog({ onCreated, onClose }: { onCreated: (token: ApiTokenCreated) => void; onClose: () => void }) {
  const { t } = useTranslation(['profile', 'groups']);
  const form = useFormActor(apiTokenFormMachine, { input: apiTokenFormInput(), onSaved: onCreated, onClose });
  const { fields, errors, error, change } = useFormState(form);
  const own = useOwnLevels();
  const failure = error && !Object.keys(errors).length ? t(`tokens.errors.${KNOWN_ERRORS.includes(error) ? error : 'generic'}`) : null;
  const message = (code: string) => t(`tokens.errors.${KNOWN_FIELDS.includes(code) ? code : 'required'}`);
  const rightsError = errors.permissions ? (errors.permissions === 'required' ? t('tokens.errors.rightsRequired') : message(errors.permissions)) : null;

  return (
    <FormDialog form={form} title={t('tokens.form.title')} failure={failure} submitLabel={t('tokens.form.submit')}>
      <Field label={t('tokens.form.name')} required hint={t('tokens.form.nameHint')} {...fieldValidation(errors, 'name', message)}>
        <Input value={fields.name} maxLength={100} onChange={(_, data) => change('name', data.value)} />
      </Field>
      <Field label={t('tokens.form.expires')}>
        <Select value={fields.expires} onChange={(_, data) => change('expires', data.value as TokenExpiry)}>
          {TOKEN_EXPIRIES.map((expiry) => (
            <option key={expiry} value={expiry}>
              {t(`tokens.expiries.${expiry}`)}
            </option>
          ))}
        </Select>
      </Field>
      <Field label={t('tokens.form.rights')} hint={t('tokens.form.rightsHint')} validationState={rightsError ? 'error' : 'none'} validationMessage={rightsError ?? undefined}>
        <FormRow role="group" aria-label={t('tokens.form.rights')}>
          {AREAS.map((area) => (
            <Field key={area} label={t(`groups:areas.${area}`)} validationState={errors[`permissions.${area}`] ? 'error' : 'none'} validationMessage={errors[`permissions.${area}`] ? message(errors[`permissions.${area}`]!) : undefined}>
              <Select value={fields.permissions[area]} onChange={(_, data) => change('permissions', { ...fields.permissions, [area]: data.value as Level })}>
                {own(area).map((level) => (
                  <option key={level} value={level}>
                    {t(`groups:levels.${level}`)}
                  </option>
                ))}
              </Select>
            </Field>
          ))}
        </FormRow>
      </Field>
    </FormDialog>
  );
}
