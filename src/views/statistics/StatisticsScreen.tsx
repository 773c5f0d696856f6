import { useEffect, useMemo } from 'react';
import { Button } from '@fluentui/react-components';
import { ArrowDownloadRegular } from '@fluentui/react-icons';
import { useActorRef, useSelector } from '@xstate/react';
import { useTranslation } from '../../i18n.ts';
import { useSearchParams } from '../app/router.tsx';
import { statisticsQueryMachine } from '../../machines/statistics/query.machine.ts';
import { BusyIcon } from '../common/Loading.tsx';
import { saveBlob } from '../devices/format.ts';
import { LiveReport } from './LiveReport.tsx';
import { StatisticsCharts } from './StatisticsCharts.tsx';
import { StatisticsForm } from './StatisticsForm.tsx';
import { StatisticsPage } from './StatisticsPage.tsx';
import { useStatisticsStyles } from './Statistics.styles.ts';

/** Today in the reader's calendar, YYYY-MM-DD. */
function today(): string {
  const now = new Date();
  return `${now.getFullYear()}-${String(now.getMonth() + 1).padStart(2, '0')}-${String(now.getDate()).padStart(2, '0')}`;
}

/** The Charts tab: a campaign's plays per hour, device and media for a period, an xlsx of them, and the live report. */
export default function StatisticsScreen() {
  const { t } = useTranslation('statistics');
  const styles = useStatisticsStyles();
  const [search, setSearch] = useSearchParams();
  const logic = useMemo(
    () => statisticsQueryMachine.provide({ actions: { saveFile: (_, { blob }) => saveBlob(blob, 'statistics.xlsx') } }),
    [],
  );
  // An address with ?campaign=&date=&period= shows those statistics at once (a link to a report).
  const campaign = Number(search.get('campaign')) || null;
  const period = Number(search.get('period')) || undefined;
  const query = useActorRef(logic, { input: { today: search.get('date') ?? today(), campaign, period } });
  useEffect(() => {
    if (campaign) query.send({ type: 'statistics.submit' });
  }, [query]); // eslint-disable-line react-hooks/exhaustive-deps
  // The statistics asked for go into the address, so a reload or a shared link shows them again.
  const params = useSelector(query, (s) => s.context.params);
  useEffect(() => {
    if (params) setSearch({ campaign: String(params.campaign), date: params.date, period: String(params.period) }, { replace: true });
  }, [params, setSearch]);
  const exporting = useSelector(query, (s) => s.hasTag('exporting'));
  const canExport = useSelector(query, (s) => s.matches({ complete: 'idle' }));
  const exportError = useSelector(query, (s) => s.context.exportError);

  const download = () =>
    query.send({
      type: 'statistics.export',
      words: {
        sheets: { hours: t('charts.sheets.hours'), devices: t('charts.sheets.devices'), media: t('charts.sheets.media') },
        columns: { hour: t('units.hour'), device: t('charts.device'), media: t('charts.media'), plays: t('units.plays'), seconds: t('units.seconds') },
        hourFormat: t('charts.hourFormat'),
      },
    });

  return (
    <StatisticsPage
      tab="charts"
      actions={
        <Button appearance="primary" icon={exporting ? <BusyIcon /> : <ArrowDownloadRegular />} disabled={!canExport} onClick={download}>
          {exporting ? t('charts.downloading') : t('charts.download')}
        </Button>
      }
    >
      {exportError ? (
        <p className={styles.error} role="alert">
          {t('errors.fileFailed')}
        </p>
      ) : null}
      <StatisticsForm query={query} />
      <StatisticsCharts query={query} />
      <LiveReport />
    </StatisticsPage>
  );
}
