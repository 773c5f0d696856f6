import { createFormMachine, type FieldErrors } from '../form/form.machine.ts';
import { createDatasetFromFile, createDatasetFromUrl, type Dataset } from '../../services/datasets.service.ts';
import {
  DATASET_NAME_MAX,
  DEFAULT_REFRESH_MINUTES,
  MAX_DATASET_FILE_BYTES,
  MAX_REFRESH_MINUTES,
  MIN_REFRESH_MINUTES,
  datasetNameError,
  type DatasetSourceFormat,
} from '../../services/schemas/datasets.ts';

export { DATASET_NAME_MAX, DEFAULT_REFRESH_MINUTES, MAX_DATASET_FILE_BYTES, MAX_REFRESH_MINUTES, MIN_REFRESH_MINUTES };

export type DatasetFields = {
  /** Where the rows come from: a spreadsheet uploaded now, or a URL the server reads. */
  source: 'file' | 'url';
  name: string;
  file: (Blob & { name?: string }) | null;
  url: string;
  format: DatasetSourceFormat;
  refresh_minutes: number;
};

export const newDatasetFields = (): DatasetFields => ({ source: 'file', name: '', file: null, url: '', format: 'csv', refresh_minutes: DEFAULT_REFRESH_MINUTES });

/** The rules the server applies, checked before sending: a name (a file's may default to its file name), a file of at most 5 MB or an http(s) URL, a refresh of 5 to 1440 minutes. */
export function datasetFieldErrors(fields: DatasetFields): FieldErrors {
  const errors: FieldErrors = {};
  const name = datasetNameError(fields.name);
  if (name && !(name === 'required' && fields.source === 'file')) errors.name = name;
  if (fields.source === 'file') {
    if (!fields.file) errors.file = 'required';
    else if (fields.file.size > MAX_DATASET_FILE_BYTES) errors.file = 'too_large';
  } else {
    const url = fields.url.trim();
    if (!url) errors.url = 'required';
    else if (!/^https?:\/\/[^\s/]+/i.test(url)) errors.url = 'invalid_url';
    const minutes = fields.refresh_minutes;
    if (!Number.isInteger(minutes) || minutes < MIN_REFRESH_MINUTES || minutes > MAX_REFRESH_MINUTES) errors.refresh_minutes = 'out_of_range';
  }
  return errors;
}

/** A new dataset: a spreadsheet read on the server, or a URL (CSV, JSON, RSS/Atom) it reads now and then every N minutes. */
export const datasetFormMachine = createFormMachine<DatasetFields, Dataset>({
  id: 'datasetForm',
  validate: datasetFieldErrors,
  save: ({ fields }) =>
    fields.source === 'file'
      ? createDatasetFromFile(fields.name, fields.file!)
      : createDatasetFromUrl({ name: fields.name, url: fields.url, format: fields.format, refresh_minutes: fields.refresh_minutes }),
});
