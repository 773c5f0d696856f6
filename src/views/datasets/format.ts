/** API error codes of datasets the datasets namespace words (docs/api.md "Datasets"). */
const DATASET_CODES = ['dataset_in_use', 'empty_file', 'unreadable_file', 'too_many_columns', 'too_many_rows', 'cell_too_long', 'file_too_large', 'source_failed'];

/** The datasets-namespace message of an API error code, or the common one. */
export function datasetErrorKey(code: string | null | undefined): string {
  if (code && DATASET_CODES.includes(code)) return `datasets:errors.${code}`;
  if (code === 'validation_error' || code === 'not_found' || code === 'network_error' || code === 'forbidden' || code === 'timeout') return `common:errors.${code}`;
  return 'common:errors.generic';
}

const READ_FAILURES = ['timeout', 'private_address', 'unreadable', 'too_large', 'connection_refused', 'unresolvable_host', 'too_many_redirects', 'empty'];

/** Why the server could not read an address (a URL dataset's `error`, a web page check's `reason`), in words. */
export function readFailureText(t: (key: string, options?: Record<string, unknown>) => string, code: string | null | undefined): string {
  const status = /^http_(\d{3})$/.exec(code ?? '')?.[1];
  if (status) return t('datasets:reasons.http', { status });
  if (code && READ_FAILURES.includes(code)) return t(`datasets:reasons.${code}`);
  return t('datasets:reasons.other', { code: code ?? '?' });
}
