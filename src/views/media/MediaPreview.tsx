import { useEffect, useState } from 'react';
import { Body1 } from '@fluentui/react-components';
import { useTranslation } from '../../i18n.ts';
import { useDetailsStyles } from './MediaDetails.styles.ts';

/** The preview image (loaded with the JWT header as a blob, shown through an object URL). */
export function MediaPreview({ blob, name }: { blob: Blob | null; name: string }) {
  const { t } = useTranslation('media');
  const styles = useDetailsStyles();
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    if (!blob) return undefined;
    const objectUrl = URL.createObjectURL(blob);
    setUrl(objectUrl);
    return () => {
      URL.revokeObjectURL(objectUrl);
      setUrl(null);
    };
  }, [blob]);
  if (!url) return <Body1 className={styles.muted}>{t('details.noPreview')}</Body1>;
  return <img className={styles.preview} src={url} alt={t('details.previewAlt', { name })} />;
}
