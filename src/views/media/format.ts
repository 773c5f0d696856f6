import type { TFunction } from '../../i18n.ts';

export { formatDateTime } from '../common/dateTime.ts';

/** Seconds as "1:05" / "1:02:03" (images and unprobed files have none). */
export function formatDuration(seconds: number | null, fallback: string): string {
  if (seconds === null || !Number.isFinite(seconds)) return fallback;
  const total = Math.round(seconds);
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  const s = String(total % 60).padStart(2, '0');
  return h > 0 ? `${h}:${String(m).padStart(2, '0')}:${s}` : `${m}:${s}`;
}

/** Bytes in the largest fitting unit, with the language's number format. */
export function formatBytes(bytes: number, language: string, t: TFunction): string {
  const units = ['B', 'KB', 'MB', 'GB'] as const;
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit += 1;
  }
  const number = new Intl.NumberFormat(language, { maximumFractionDigits: unit === 0 ? 0 : 1 }).format(value);
  return t(`media:units.${units[unit]}`, { value: number });
}

/** The smallest size shown as a number: below it a file reads "< 0.01 MB" rather than "0 MB". */
const SMALLEST_MB = 0.01;

/** The spec's size in mb, to two decimals; a file under 0.01 MB reads "< 0.01 MB". */
export function formatMb(mb: number, language: string, t: TFunction): string {
  const number = new Intl.NumberFormat(language, { maximumFractionDigits: 2 });
  if (mb > 0 && mb < SMALLEST_MB) return t('media:units.MBBelow', { value: number.format(SMALLEST_MB) });
  return t('media:units.MB', { value: number.format(mb) });
}

const MEDIA_ERROR_CODES = new Set([
  'file_too_large',
  'dimensions_too_large',
  'invalid_content_format',
  'invalid_file_info',
  'too_many_files',
  'upload_aborted',
  'network_error',
  'timeout',
  'aborted',
  'media_in_use',
  'nothing_to_retry',
  'not_authenticated',
  'video_upload_disabled',
]);

/** The message key of an error code: the media namespace's own, else the common one. */
export function mediaErrorKey(code: string | null | undefined, fallback = 'common:errors.generic'): string {
  if (code && MEDIA_ERROR_CODES.has(code)) return `media:errors.${code}`;
  if (code === 'validation_error' || code === 'bad_request') return 'common:errors.validation_error';
  if (code === 'forbidden' || code === 'not_found' || code === 'too_large' || code === 'server_error') return `common:errors.${code}`;
  return fallback;
}
