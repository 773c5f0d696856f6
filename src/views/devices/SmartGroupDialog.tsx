import { useEffect } from 'react';
import { Body1, Field, Input, Select } from '@fluentui/react-components';
import { useActorRef, useSelector } from '@xstate/react';
import { useTranslation } from '../../i18n.ts';
import { selectFetchStatus } from '../../machines/fetchStatus.selectors.ts';
import { smartGroupFormInput, smartGroupFormMachine, smartGroupRuleOf, TAG_RULE_FIELDS, type SmartGroupFields } from '../../machines/devices/smartGroupForm.machine.ts';
import { smartGroupPreviewMachine } from '../../machines/devices/smartGroupPreview.machine.ts';
import { deviceDepartmentOptionsMachine } from '../../machines/devices/deviceDepartmentOptions.machine.ts';
import type { Department } from '../../services/schemas/company.ts';
import type { SmartGroup } from '../../services/smartGroups.service.ts';
import { DEVICE_POSITIONS, DEVICE_STATUSES, DEVICE_TYPES } from '../../services/schemas/deviceEnums.ts';
import { MAX_DEVICE_TAGS, MAX_TAG_LENGTH } from '../../services/schemas/deviceTags.ts';
import { FormDialog, FormRow, fieldValidation, useFormActor, useFormState } from '../common/FormDialog.tsx';
import { useLocationOptions } from './useDeviceFilterOptions.ts';

const KNOWN_FIELDS = ['required', 'too_long', 'taken', 'name_taken', 'not_found', 'too_many_tags', 'tag_too_long', 'invalid_tag'];

/** The live preview: how many devices the rule holds now and the first of them, asked again as the rule changes. */
function Preview({ fields }: { fields: SmartGroupFields }) {
  const { t, i18n } = useTranslation('devices');
  const preview = useActorRef(smartGroupPreviewMachine);
  const status = useSelector(preview, selectFetchStatus);
  const page = useSelector(preview, (s) => s.context.data);
  const asked = JSON.stringify({ company: Number(fields.company), rule: smartGroupRuleOf(fields) });
  useEffect(() => {
    if (JSON.parse(asked).company) preview.send({ type: 'fetch.load', params: JSON.parse(asked) });
  }, [preview, asked]);
  const count = page ? new Intl.NumberFormat(i18n.language).format(page.count) : '';
  return (
    <section aria-live="polite" aria-busy={status === 'loading' || status === 'updating'} aria-label={t('smartGroups.preview')}>
      <Body1 as="p" block>
        {status === 'error' ? t('smartGroups.previewError') : !page ? t('smartGroups.previewLoading') : page.count_exact ? t('smartGroups.matches', { count: page.count, formatted: count }) : t('smartGroups.matchesAtLeast', { count: page.count, formatted: count })}
      </Body1>
      {page && page.results.length ? <Body1 as="p" block>{page.results.map((device) => device.name || device.sn).join(', ')}</Body1> : null}
    </section>
  );
}

/** The company's departments, each named with its parents (Retail › Malls), in the tree's order. */
function useDepartments(company: string): { id: number; label: string }[] {
  const actor = useActorRef(deviceDepartmentOptionsMachine);
  useEffect(() => {
    if (company) actor.send({ type: 'fetch.load', params: { company: Number(company) } });
  }, [actor, company]);
  const departments = useSelector(actor, (s) => s.context.data) ?? [];
  if (!company) return [];
  const byId = new Map<number, Department>(departments.map((department) => [department.id, department]));
  const path = (department: Department): string[] => {
    const names: string[] = [];
    for (let at: Department | undefined = department; at && names.length < 20; at = at.parent === null ? undefined : byId.get(at.parent)) names.unshift(at.name);
    return names;
  };
  return departments.map((department) => ({ id: department.id, label: path(department).join(' › ') })).sort((a, b) => a.label.localeCompare(b.label));
}

/** Add or edit a smart group: a name and the rule, with the devices it holds now. */
export function SmartGroupDialog({ group, onSaved, onClose }: { group?: SmartGroup; onSaved: (group: SmartGroup) => void; onClose: () => void }) {
  const { t } = useTranslation(['devices', 'common']);
  const form = useFormActor(smartGroupFormMachine, { input: smartGroupFormInput(group), onSaved, onClose });
  const { fields, errors, error, change } = useFormState(form);
  const { companies, offices } = useLocationOptions(fields.company ? Number(fields.company) : undefined);
  const departments = useDepartments(fields.company);
  const message = (code: string) =>
    KNOWN_FIELDS.includes(code) ? t(`smartGroups.errors.${code}`, { count: code === 'too_many_tags' ? MAX_DEVICE_TAGS : MAX_TAG_LENGTH }) : t('smartGroups.errors.invalid');
  const failure = error && !Object.keys(errors).length ? t('smartGroups.errors.generic') : null;
  const any = t('filters.all');
  const text = (field: 'name' | 'version' | 'name_pattern' | 'serial_pattern' | (typeof TAG_RULE_FIELDS)[number], hint?: string) => (
    <Field label={t(`smartGroups.fields.${field}`)} hint={hint} required={field === 'name'} {...fieldValidation(errors, field, message)}>
      <Input value={fields[field]} onChange={(_, data) => change(field, data.value)} />
    </Field>
  );
  const choice = <K extends 'device_type' | 'position' | 'status'>(field: K, values: readonly string[], words: string) => (
    <Field label={t(`smartGroups.fields.${field}`)}>
      <Select value={fields[field]} onChange={(_, data) => change(field, data.value as SmartGroupFields[K])}>
        <option value="">{any}</option>
        {values.map((value) => (
          <option key={value} value={value}>
            {t(`${words}.${value}`)}
          </option>
        ))}
      </Select>
    </Field>
  );

  return (
    <FormDialog form={form} title={group ? t('smartGroups.editTitle', { name: group.name }) : t('smartGroups.addTitle')} failure={failure} submitLabel={t('actions.save')}>
      {text('name')}
      <Field label={t('smartGroups.fields.company')} required {...fieldValidation(errors, 'company', message)}>
        <Select value={fields.company} disabled={Boolean(group)} onChange={(_, data) => change('company', data.value)}>
          <option value="">{t('smartGroups.chooseCompany')}</option>
          {companies.map((company) => (
            <option key={company.id} value={company.id}>
              {company.name}
            </option>
          ))}
        </Select>
      </Field>
      <FormRow>
        {TAG_RULE_FIELDS.map((field) => (
          <div key={field}>{text(field, t('smartGroups.tagsHint'))}</div>
        ))}
      </FormRow>
      <FormRow>
        {choice('device_type', DEVICE_TYPES, 'types')}
        {choice('position', DEVICE_POSITIONS, 'position')}
        {choice('status', DEVICE_STATUSES, 'status')}
      </FormRow>
      <Field label={t('smartGroups.fields.office')} {...fieldValidation(errors, 'rule.office', message)}>
        <Select value={fields.office} onChange={(_, data) => change('office', data.value)}>
          <option value="">{any}</option>
          {offices.map((office) => (
            <option key={office.id} value={office.id}>
              {office.name}
            </option>
          ))}
        </Select>
      </Field>
      <Field label={t('smartGroups.fields.department')} hint={t('smartGroups.departmentHint')} {...fieldValidation(errors, 'rule.department', message)}>
        <Select value={fields.department} onChange={(_, data) => change('department', data.value)}>
          <option value="">{any}</option>
          {departments.map((department) => (
            <option key={department.id} value={department.id}>
              {department.label}
            </option>
          ))}
        </Select>
      </Field>
      <FormRow>
        <Field label={t('smartGroups.fields.version_compare')}>
          <Select value={fields.version_compare} onChange={(_, data) => change('version_compare', data.value as 'eq' | 'older')}>
            <option value="eq">{t('smartGroups.versionEq')}</option>
            <option value="older">{t('smartGroups.versionOlder')}</option>
          </Select>
        </Field>
        {text('version')}
      </FormRow>
      <FormRow>
        {text('name_pattern', t('smartGroups.patternHint'))}
        {text('serial_pattern', t('smartGroups.patternHint'))}
      </FormRow>
      <Preview fields={fields} />
    </FormDialog>
  );
}
