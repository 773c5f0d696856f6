import type { ReactNode } from 'react';
import { useTranslation } from '../../i18n.ts';
import { PageHeader } from '../common/PageHeader.tsx';
import { usePageTitle } from '../common/usePageTitle.ts';
import { StatisticsTabs } from './StatisticsTabs.tsx';

export interface StatisticsPageProps {
  /** The tab shown: its title is `statistics:titles.<tab>` (page heading and document title). */
  tab: 'charts' | 'compare' | 'unloads';
  /** Buttons at the end of the heading row. */
  actions?: ReactNode;
  children?: ReactNode;
}

/** The frame every statistics tab shares: the heading, the document title and the tab bar above the tab's content. */
export function StatisticsPage({ tab, actions, children }: StatisticsPageProps) {
  const { t } = useTranslation('statistics');
  usePageTitle(`statistics:titles.${tab}`);
  return (
    <section>
      <PageHeader title={t(`titles.${tab}`)} actions={actions} />
      <StatisticsTabs />
      {children}
    </section>
  );
}
