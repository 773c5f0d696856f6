import { Body1, Button, Caption1, Field, Input, ProgressBar, Select } from '@fluentui/react-components';
import { ArrowClockwiseRegular, DeleteRegular, DismissRegular } from '@fluentui/react-icons';
import { useTranslation } from '../../i18n.ts';
import type { UploadEvent, UploadItem } from '../../machines/media/upload.machine.ts';
import { infoErrors, percentOf } from '../../machines/media/upload.selectors.ts';
import { DEVICE_TYPES } from '../../services/schemas/devices.ts';
import { SCREEN_POSITIONS } from '../../services/schemas/media.ts';
import { formatBytes, mediaErrorKey } from './format.ts';
import { useUploadStyles } from './UploadDialog.styles.ts';

interface Props {
  item: UploadItem;
  editing: boolean;
  send: (event: UploadEvent) => void;
}

/** One file of the batch: its description while editing, then its progress bar, status and actions. */
export function UploadItemRow({ item, editing, send }: Props) {
  const { t, i18n } = useTranslation(['media', 'common']);
  const styles = useUploadStyles();
  const name = item.file.name;
  const errors = editing && item.status === 'ready' ? infoErrors(item) : {};
  const describe = (info: Partial<UploadItem['info']>) => send({ type: 'upload.describe', id: item.id, info });
  const percent = percentOf(item);
  const bytes = t('upload.progress', {
    loaded: formatBytes(item.status === 'done' ? item.total : item.loaded, i18n.language, t),
    total: formatBytes(item.total, i18n.language, t),
    percent,
  });
  const failed = item.status === 'failed' || item.status === 'rejected';

  return (
    <li className={styles.item} aria-label={t('upload.fileLabel', { name })}>
      <div className={styles.itemHeader}>
        <Body1 className={styles.fileName}>{name}</Body1>
        <Caption1 className={failed ? styles.failed : undefined}>{t(`upload.itemStatus.${item.status}`)}</Caption1>
        <div className={styles.itemActions}>
          {editing ? (
            <Button size="small" appearance="subtle" icon={<DeleteRegular />} aria-label={t('upload.remove', { name })} onClick={() => send({ type: 'upload.remove', id: item.id })} />
          ) : null}
          {item.status === 'queued' || item.status === 'uploading' ? (
            <Button size="small" icon={<DismissRegular />} onClick={() => send({ type: 'upload.cancel', id: item.id })} aria-label={t('upload.cancel', { name })}>
              {t('upload.cancelShort')}
            </Button>
          ) : null}
          {item.status === 'failed' || item.status === 'cancelled' ? (
            <Button size="small" icon={<ArrowClockwiseRegular />} onClick={() => send({ type: 'upload.retry', id: item.id })} aria-label={t('upload.retry', { name })}>
              {t('upload.retryShort')}
            </Button>
          ) : null}
        </div>
      </div>
      {editing && item.status === 'ready' ? (
        <div className={styles.fields}>
          <Field label={t('fields.name')} required validationState={errors.name ? 'error' : 'none'} validationMessage={errors.name ? t('common:validation.required') : undefined}>
            <Input value={item.info.name} onChange={(_, data) => describe({ name: data.value })} />
          </Field>
          <Field label={t('fields.description')}>
            <Input value={item.info.description ?? ''} onChange={(_, data) => describe({ description: data.value })} />
          </Field>
          <Field label={t('fields.screen_position')}>
            <Select value={item.info.screen_position ?? ''} onChange={(_, data) => describe({ screen_position: (data.value || undefined) as UploadItem['info']['screen_position'] })}>
              <option value="">{t('positions.fromFile')}</option>
              {SCREEN_POSITIONS.map((position) => (
                <option key={position} value={position}>
                  {t(`positions.${position}`)}
                </option>
              ))}
            </Select>
          </Field>
          <Field label={t('fields.device_type')}>
            <Select value={item.info.device_type} onChange={(_, data) => describe({ device_type: data.value as UploadItem['info']['device_type'] })}>
              {DEVICE_TYPES.map((type) => (
                <option key={type} value={type}>
                  {t(`deviceTypes.${type}`)}
                </option>
              ))}
            </Select>
          </Field>
        </div>
      ) : null}
      {item.status !== 'ready' && item.status !== 'rejected' ? (
        <Field validationMessage={bytes} validationState="none">
          <ProgressBar
            value={percent / 100}
            max={1}
            thickness="large"
            color={item.status === 'failed' ? 'error' : item.status === 'done' ? 'success' : 'brand'}
            aria-label={t('upload.progressLabel', { name })}
            aria-valuetext={`${percent}%`}
          />
        </Field>
      ) : null}
      {item.error ? (
        <Caption1 role="alert" className={styles.failed}>
          {t(mediaErrorKey(item.error, 'media:messages.addError'))}
        </Caption1>
      ) : null}
    </li>
  );
}
