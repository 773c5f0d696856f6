import { Button, Dropdown, Field, Option, Textarea } from '@fluentui/react-components';
import { DeleteRegular } from '@fluentui/react-icons';
import { useTranslation } from '../../i18n.ts';
import { ICON_KINDS } from '../../services/schemas/navigation.ts';
import type { MarkerDraft } from '../../machines/navigation/markerPlacement.machine.ts';
import { useNavigationStyles } from './Navigation.styles.ts';
import { useImageUrl } from './ObjectViewer.tsx';

export interface MarkerPanelProps {
  title: string;
  value: MarkerDraft;
  onChange: (patch: Partial<MarkerDraft>) => void;
  /** A saved marker's photo link, or a picked photo. */
  photo?: string | null;
  photoFile?: Blob | null;
  onPhoto?: (file: File) => void;
  onDelete?: () => void;
  onConfirm?: () => void;
  onCancel?: () => void;
}

/** The side panel of a marker: kind, colour, description, photo; delete (a saved marker) or add / cancel (a new one). */
export function MarkerPanel({ title, value, onChange, photo, photoFile, onPhoto, onDelete, onConfirm, onCancel }: MarkerPanelProps) {
  const { t } = useTranslation(['navigation', 'common']);
  const styles = useNavigationStyles();
  const savedPhoto = useImageUrl(photoFile ? null : photo ?? null);
  return (
    <section className={styles.panel} aria-labelledby="marker-panel-title">
      <h2 id="marker-panel-title">{title}</h2>
      <Field label={t('marker.kind')}>
        <Dropdown className={styles.dropdown} value={t(`kinds.${value.kind}`)} selectedOptions={[value.kind]} onOptionSelect={(_, data) => onChange({ kind: data.optionValue as MarkerDraft['kind'] })}>
          {ICON_KINDS.map((kind) => (
            <Option key={kind} value={kind}>{t(`kinds.${kind}`)}</Option>
          ))}
        </Dropdown>
      </Field>
      <Field label={t('marker.color')}>
        <input type="color" value={value.color} onChange={(event) => onChange({ color: event.target.value })} />
      </Field>
      <Field label={t('marker.description')}>
        <Textarea value={value.description} maxLength={1000} onChange={(_, data) => onChange({ description: data.value })} />
      </Field>
      {onPhoto ? (
        <Field label={t('marker.photo')} hint={photoFile ? t('marker.photoPicked') : undefined}>
          {savedPhoto ? <img src={savedPhoto} alt={t('marker.photoAlt')} className={styles.preview} width={160} /> : null}
          <input type="file" accept="image/png,image/jpeg,image/webp" onChange={(event) => event.target.files?.[0] && onPhoto(event.target.files[0])} />
        </Field>
      ) : null}
      <div className={styles.actions}>
        {onConfirm ? <Button appearance="primary" onClick={onConfirm}>{t('marker.add')}</Button> : null}
        {onCancel ? <Button onClick={onCancel}>{t('common:actions.cancel')}</Button> : null}
        {onDelete ? <Button icon={<DeleteRegular />} onClick={onDelete}>{t('common:actions.delete')}</Button> : null}
      </div>
    </section>
  );
}
