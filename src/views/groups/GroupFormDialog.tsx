import { Checkbox, Field, FieldContextProvider, Input, Select } from '@fluentui/react-components';
import { useTranslation } from '../../i18n.ts';
import { groupFormInput, groupFormMachine } from '../../machines/groups/groupForm.machine.ts';
import type { CompanyName } from '../../services/groups.service.ts';
import { AREAS, LEVELS, type Group, type Level } from '../../services/schemas/groups.ts';
import { FormDialog, FormRow, fieldValidation, useFormActor, useFormState } from '../common/FormDialog.tsx';
import { useUsersStyles } from '../users/Users.styles.ts';

const KNOWN_ERRORS = ['group_exists', 'unknown_company', 'validation_error', 'forbidden', 'network_error'];
const KNOWN_FIELDS = ['required', 'out_of_range', 'taken', 'not_found'];

/** The group editor: name, the companies its members see, and a permission (none, view, edit) per area. */
export function GroupFormDialog({ group, companies, onSaved, onClose }: { group: Group | null; companies: CompanyName[]; onSaved: (group: Group) => void; onClose: () => void }) {
  const { t } = useTranslation('groups');
  const styles = useUsersStyles();
  const form = useFormActor(groupFormMachine, { input: groupFormInput(group), onSaved, onClose });
  const { fields, errors, error, change } = useFormState(form);
  const failure = error && !Object.keys(errors).length ? t(`errors.${KNOWN_ERRORS.includes(error) ? error : 'generic'}`) : null;
  const message = (code: string) => t(`validation.${KNOWN_FIELDS.includes(code) ? code : 'invalid'}`);

  return (
    <FormDialog form={form} title={t(group ? 'form.editTitle' : 'form.addTitle')} failure={failure}>
      <Field label={t('fields.name')} required {...fieldValidation(errors, 'name', message)}>
        <Input value={fields.name} onChange={(_, data) => change('name', data.value)} />
      </Field>
      <Field label={t('fields.companies')} hint={t('form.companiesHint')} {...fieldValidation(errors, 'companies', message)}>
        {companies.length ? (
          <div role="group" aria-label={t('fields.companies')} className={styles.choices}>
            {/* Each checkbox is its own control: inside the Field's context all of them took its one control id, so every
                label toggled the first checkbox (another company than the one clicked) and was named after the field. */}
            <FieldContextProvider value={undefined}>
              {companies.map((company) => (
                <Checkbox
                  key={company.id}
                  label={<span className={styles.name}>{company.name}</span>}
                  checked={fields.companies.includes(company.id)}
                  onChange={(_, data) =>
                    change('companies', data.checked ? [...fields.companies, company.id] : fields.companies.filter((id) => id !== company.id))
                  }
                />
              ))}
            </FieldContextProvider>
          </div>
        ) : (
          <p className={styles.message}>{t('form.noCompanies')}</p>
        )}
      </Field>
      <FormRow role="group" aria-label={t('fields.permissions')}>
        {AREAS.map((area) => (
          <Field key={area} label={t(`areas.${area}`)}>
            <Select value={fields.permissions[area]} onChange={(_, data) => change('permissions', { ...fields.permissions, [area]: data.value as Level })}>
              {LEVELS.map((level) => (
                <option key={level} value={level}>
                  {t(`levels.${level}`)}
                </option>
              ))}
            </Select>
          </Field>
        ))}
      </FormRow>
    </FormDialog>
  );
}
