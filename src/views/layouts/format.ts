/** The layouts-namespace message of an API error code, or the common one. */
export function layoutErrorKey(code: string | null | undefined): string {
  if (code === 'layout_in_use' || code === 'playlist_not_committed' || code === 'too_many_zones' || code === 'zone_outside' || code === 'zone_too_small') {
    return `layouts:errors.${code}`;
  }
  if (code === 'validation_error' || code === 'not_found' || code === 'network_error' || code === 'forbidden' || code === 'timeout') return `common:errors.${code}`;
  return 'common:errors.generic';
}
