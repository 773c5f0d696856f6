import { mergeClasses } from '@fluentui/react-components';
import { useTranslation } from '../../i18n.ts';
import { NavLink } from '../app/router.tsx';
import { useStatisticsTabsStyles } from './StatisticsTabs.styles.ts';

/** The tabs of the statistics page (spec section 2), each its own route. */
export const STATISTICS_TABS = [
  { key: 'charts', path: '/statistics' },
  { key: 'compare', path: '/statistics/compare' },
  { key: 'unloads', path: '/statistics/unloads' },
] as const;

/**
 * The tab bar of /statistics, /statistics/compare and /statistics/unloads: links (so each tab has an address, opens in
 * a new browser tab and survives a reload), the current one marked with `aria-current="page"` and an underline.
 */
export function StatisticsTabs() {
  const { t } = useTranslation('statistics');
  const styles = useStatisticsTabsStyles();
  return (
    <nav aria-label={t('tabs.label')} className={styles.root}>
      {STATISTICS_TABS.map((tab) => (
        <NavLink key={tab.key} to={tab.path} end className={({ isActive }) => mergeClasses(styles.tab, isActive && styles.current)}>
          {t(`tabs.${tab.key}`)}
        </NavLink>
      ))}
    </nav>
  );
}
