import { tokens } from '@fluentui/react-components';
import { useTranslation } from '../../i18n.ts';
import { ICON_KINDS } from '../../services/schemas/navigation.ts';
import { useNavigationStyles } from './Navigation.styles.ts';
import { MARKER_ICON_URLS } from './markerIcons.ts';

export const STATUS_TOKENS = {
  online: tokens.colorPaletteGreenBackground3,
  offline: tokens.colorNeutralForeground3,
  disabled: tokens.colorPaletteRedBackground3,
} as const;

/** The legend of the icon kinds and of the device statuses. */
export function NavigationLegend() {
  const { t } = useTranslation('navigation');
  const styles = useNavigationStyles();
  return (
    <section aria-labelledby="navigation-legend">
      <h2 id="navigation-legend">{t('legend.title')}</h2>
      <ul className={styles.legend}>
        {ICON_KINDS.map((kind) => (
          <li key={kind} className={styles.legendItem}>
            <span className={styles.swatch} style={{ background: tokens.colorBrandBackground }}>
              <img src={MARKER_ICON_URLS[kind]} alt="" width={16} height={16} />
            </span>
            {t(`kinds.${kind}`)}
          </li>
        ))}
        {(['online', 'offline', 'disabled'] as const).map((status) => (
          <li key={status} className={styles.legendItem}>
            <span className={styles.swatch} style={{ background: STATUS_TOKENS[status] }}>
              <img src={MARKER_ICON_URLS.device} alt="" width={16} height={16} />
            </span>
            {t(`legend.${status}`)}
          </li>
        ))}
      </ul>
    </section>
  );
}
