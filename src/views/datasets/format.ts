/** API error codes of datasets the datasets namespace words (docs/api.md "Datasets"). */
const DATASET_CODES = ['dataset_in_use', 'empty_file', 'unreadable_file', 'too_many_columns', 'too_many_rows', 'cell_too_long', 'file_too_large', 'source_failed'];

/** The datasets-namespace message of an API error code, or the common one. */
export function datasetErrorKey(code: string | null | undefined): string {
  if (code && DATASET_CODES.includes(code)) return `datasets:errors.${code}`;
  if (code === 'validation_error' || code === 'not_found' || code === 'network_error' || code === 'forbidden' || code === 'timeout') return `common:errors.${code}`;
  return 'common:errors.generic';
}
