import { Body1, Subtitle2, mergeClasses } from '@fluentui/react-components';
import { useTranslation } from '../../i18n.ts';
import type { MediaUsage } from '../../services/schemas/media.ts';
import { useDetailsStyles } from './MediaDetails.styles.ts';

const KINDS = ['playlists', 'layouts', 'campaigns', 'events'] as const;

/** Where the file is used: playlists, layouts, campaigns and events. */
export function MediaUsageLists({ usage }: { usage: MediaUsage }) {
  const { t } = useTranslation('media');
  const styles = useDetailsStyles();
  return (
    <div>
      {KINDS.map((kind) => (
        <section key={kind} aria-label={t(`details.${kind}`)}>
          <Subtitle2 as="h3" block className={styles.usageHeading}>{t(`details.${kind}`)}</Subtitle2>
          {usage[kind]?.length ? (
            <ul className={styles.list}>
              {usage[kind].map((ref) => (
                <li key={ref.id}>{ref.name}</li>
              ))}
            </ul>
          ) : (
            <Body1 as="p" className={mergeClasses(styles.muted, styles.usageNone)}>
              {t('details.notUsed')}
            </Body1>
          )}
        </section>
      ))}
    </div>
  );
}
