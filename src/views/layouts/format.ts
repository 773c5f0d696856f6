/** API error codes of layouts the layouts namespace words (docs/api.md "Layouts"). */
const LAYOUT_CODES = [
  'layout_in_use',
  'uncommitted_playlists',
  'zone_empty',
  'too_many_zones',
  'zone_outside_canvas',
  'zone_too_small',
  'content_not_found',
  'media_not_ready',
  'widget_invalid',
  'dataset_not_found',
];

/** The layouts-namespace message of an API error code, or the common one. */
export function layoutErrorKey(code: string | null | undefined): string {
  if (code && LAYOUT_CODES.includes(code)) return `layouts:errors.${code}`;
  if (code === 'validation_error' || code === 'not_found' || code === 'network_error' || code === 'forbidden' || code === 'timeout') return `common:errors.${code}`;
  return 'common:errors.generic';
}
