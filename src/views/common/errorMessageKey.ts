/** API error codes (ApiRequestError.code) that have their own message in the common namespace. */
const KNOWN_CODES = new Set([
  'validation_error',
  'bad_request',
  'network_error',
  'timeout',
  'not_authenticated',
  'invalid_credentials',
  'forbidden',
  'not_found',
  'conflict',
  'too_large',
  'unsupported_media_type',
  'rate_limited',
  'server_error',
]);

/**
 * The common-namespace translation key for an API error code, e.g. `errors.not_found`.
 * Unknown codes (and null) map to the generic "Oops. Something went wrong. Try to reload page".
 *
 * ```ts
 * const { t } = useTranslation();
 * notify(t(errorMessageKey(error.code)), 'error');
 * ```
 * Area namespaces may hold more specific messages; look those up first and fall back to this key.
 */
export function errorMessageKey(code: string | null | undefined): string {
  return code && KNOWN_CODES.has(code) ? `errors.${code}` : 'errors.generic';
}
