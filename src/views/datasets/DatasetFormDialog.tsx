import { Field, Input, Radio, RadioGroup, Select } from '@fluentui/react-components';
import { useTranslation } from '../../i18n.ts';
import {
  DATASET_NAME_MAX,
  MAX_DATASET_FILE_BYTES,
  MAX_REFRESH_MINUTES,
  MIN_REFRESH_MINUTES,
  datasetFormMachine,
  newDatasetFields,
  type DatasetFields,
} from '../../machines/datasets/datasetForm.machine.ts';
import type { Dataset } from '../../services/datasets.service.ts';
import { DATASET_SOURCE_FORMATS } from '../../services/schemas/datasets.ts';
import { FormDialog, fieldValidation, useFormActor, useFormState } from '../common/FormDialog.tsx';
import { datasetErrorKey } from './format.ts';

const SPREADSHEETS = '.xlsx,.xls,.ods,.csv,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet,application/vnd.ms-excel,application/vnd.oasis.opendocument.spreadsheet';

/** A new dataset: a spreadsheet uploaded now, or a URL the server reads (CSV, JSON, RSS/Atom) every N minutes. */
export function DatasetFormDialog({ onSaved, onClose }: { onSaved: (saved: Dataset) => void; onClose: () => void }) {
  const { t, i18n } = useTranslation(['datasets', 'common']);
  const form = useFormActor(datasetFormMachine, { input: { id: null, fields: newDatasetFields() }, onSaved, onClose });
  const { fields, errors, error, change } = useFormState(form);
  const megabytes = new Intl.NumberFormat(i18n.language).format(MAX_DATASET_FILE_BYTES / 1024 / 1024);
  const message = (code: string) => t(`validation.${code}`, { max: DATASET_NAME_MAX, megabytes, min: MIN_REFRESH_MINUTES, maxMinutes: MAX_REFRESH_MINUTES, defaultValue: t(datasetErrorKey(code)) });
  const failure = error && !Object.keys(errors).length ? t(datasetErrorKey(error)) : null;

  return (
    <FormDialog form={form} title={t('form.addTitle')} failure={failure} submitLabel={t('actions.create')}>
      <Field label={t('form.source')}>
        <RadioGroup value={fields.source} onChange={(_, data) => change('source', data.value as DatasetFields['source'])} layout="horizontal">
          <Radio value="file" label={t('form.fromFile')} />
          <Radio value="url" label={t('form.fromUrl')} />
        </RadioGroup>
      </Field>
      <Field label={t('fields.name')} required={fields.source === 'url'} hint={t(fields.source === 'file' ? 'form.nameHintFile' : 'form.nameHint', { max: DATASET_NAME_MAX })} {...fieldValidation(errors, 'name', message)}>
        <Input value={fields.name} onChange={(_, data) => change('name', data.value)} />
      </Field>
      {fields.source === 'file' ? (
        <Field label={t('fields.file')} required hint={t('form.fileHint', { megabytes })} {...fieldValidation(errors, 'file', message)}>
          <input type="file" accept={SPREADSHEETS} onChange={(event) => change('file', event.currentTarget.files?.[0] ?? null)} />
        </Field>
      ) : (
        <>
          <Field label={t('fields.url')} required hint={t('form.urlHint')} {...fieldValidation(errors, 'url', message)}>
            <Input type="url" value={fields.url} inputMode="url" onChange={(_, data) => change('url', data.value)} />
          </Field>
          <Field label={t('fields.format')}>
            <Select value={fields.format} onChange={(_, data) => change('format', data.value as DatasetFields['format'])}>
              {DATASET_SOURCE_FORMATS.map((format) => (
                <option key={format} value={format}>
                  {t(`formats.${format}`)}
                </option>
              ))}
            </Select>
          </Field>
          <Field label={t('fields.refresh')} hint={t('form.refreshHint', { min: MIN_REFRESH_MINUTES, max: MAX_REFRESH_MINUTES })} {...fieldValidation(errors, 'refresh_minutes', message)}>
            <Input
              type="number"
              min={MIN_REFRESH_MINUTES}
              max={MAX_REFRESH_MINUTES}
              value={Number.isNaN(fields.refresh_minutes) ? '' : String(fields.refresh_minutes)}
              onChange={(_, data) => change('refresh_minutes', data.value.trim() === '' ? Number.NaN : Number(data.value))}
            />
          </Field>
        </>
      )}
    </FormDialog>
  );
}
