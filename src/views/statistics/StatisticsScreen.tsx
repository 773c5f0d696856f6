import { Body1 } from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';
import { StatisticsPage } from './StatisticsPage.tsx';

export default function StatisticsScreen() {
  const { t } = useTranslation('screens');
  return (
    <StatisticsPage tab="charts">
      <Body1 as="p">{t('building')}</Body1>
    </StatisticsPage>
  );
}
