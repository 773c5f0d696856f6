import type { TFunction } from '../../i18n.ts';
import { MAX_DEVICE_TAGS, MAX_TAG_LENGTH } from '../../services/schemas/deviceTags.ts';
import type { DeviceFormField } from '../../machines/devices/devicesForm.machine.ts';

export { formatDate, formatDateTime } from '../common/dateTime.ts';

const FORMAT_KEYS: Partial<Record<DeviceFormField, string>> = {
  sn: 'validation.sn_format',
  mac: 'validation.mac_format',
  ip: 'validation.ip_format',
  mount_date: 'validation.date_format',
  warranty: 'validation.date_format',
};

/** The message of a form field's error code (the machine's and the server's codes alike). */
export function fieldErrorMessage(t: TFunction, field: DeviceFormField, code: string | undefined): string | undefined {
  if (!code) return undefined;
  if (code === 'invalid_format' || code === 'invalid') return t(FORMAT_KEYS[field] ?? 'validation.invalid_format');
  if (code === 'out_of_range') return t(field === 'mount_date' || field === 'warranty' ? 'validation.date_range' : 'validation.too_long');
  if (code === 'taken' || code === 'device_exists') return t('validation.device_exists');
  if (code === 'device_in_campaign') return t('validation.device_in_campaign');
  if (code === 'required' || code === 'too_long' || code === 'not_found') return t(`validation.${code}`);
  if (code === 'too_many_tags' || code === 'tag_too_long' || code === 'invalid_tag') return t(`validation.${code}`, { count: code === 'too_many_tags' ? MAX_DEVICE_TAGS : MAX_TAG_LENGTH });
  return t('validation.invalid_format');
}

/** Saves a blob as a file through a temporary link (the browser's download). */
export function saveBlob(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}
