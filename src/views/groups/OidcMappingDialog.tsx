import { Field, Input, Select } from '@fluentui/react-components';
import { useTranslation } from '../../i18n.ts';
import { EMPTY_OIDC_MAPPING, oidcMappingFormMachine } from '../../machines/groups/oidcMappingForm.machine.ts';
import type { OidcGroupMapping } from '../../services/oidc.service.ts';
import type { Group } from '../../services/schemas/groups.ts';
import { MAX_PROVIDER_GROUP } from '../../services/schemas/oidc.ts';
import { FormDialog, fieldValidation, useFormActor, useFormState } from '../common/FormDialog.tsx';

const KNOWN = ['required', 'too_long', 'taken', 'not_found', 'mapping_exists', 'unknown_group', 'network_error', 'forbidden'];

/** A new single sign-on mapping: the provider's group name and the Vitrine group it gives. */
export function OidcMappingDialog({ groups, onSaved, onClose }: { groups: readonly Group[]; onSaved: (mapping: OidcGroupMapping) => void; onClose: () => void }) {
  const { t } = useTranslation('groups');
  const form = useFormActor(oidcMappingFormMachine, { input: { id: null, fields: EMPTY_OIDC_MAPPING }, onSaved, onClose });
  const { fields, errors, error, change } = useFormState(form);
  const message = (code: string) => t(`sso.errors.${KNOWN.includes(code) ? code : 'generic'}`);
  const failure = error && !Object.keys(errors).length ? message(error) : null;
  return (
    <FormDialog form={form} title={t('sso.form.title')} failure={failure} submitLabel={t('sso.form.submit')}>
      {/* One under the other: a group's name can be long, and its select took more than half the dialog's row at 500 px. */}
      <Field label={t('sso.fields.provider_group')} required hint={t('sso.form.providerHint')} {...fieldValidation(errors, 'provider_group', message)}>
        <Input value={fields.provider_group} maxLength={MAX_PROVIDER_GROUP} onChange={(_, data) => change('provider_group', data.value)} />
      </Field>
      <Field label={t('sso.fields.group')} required {...fieldValidation(errors, 'group', message)}>
        <Select value={fields.group} onChange={(_, data) => change('group', data.value)}>
          <option value="">{t('sso.form.choose')}</option>
          {groups.map((group) => (
            <option key={group.id} value={String(group.id)}>
              {group.name}
            </option>
          ))}
        </Select>
      </Field>
    </FormDialog>
  );
}
