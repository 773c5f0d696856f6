import { useState } from 'react';
import { Button, mergeClasses, Switch } from '@fluentui/react-components';
import { useSelector } from '@xstate/react';
import { useTranslation } from '../../i18n.ts';
import type { StatisticsQueryActor } from '../../machines/statistics/query.machine.ts';
import { rankedRows, type RankedRow } from '../../machines/statistics/statistics.selectors.ts';
import { currentLanguage } from '../../i18n.ts';
import { Loading } from '../common/Loading.tsx';
import { errorMessageKey } from '../common/errorMessageKey.ts';
import { HourChart, RankChart } from './charts.tsx';
import { StatisticsTable } from './StatisticsTable.tsx';
import { statisticsFormat } from './statisticsFormat.ts';
import { useStatisticsStyles } from './Statistics.styles.ts';

/** Charts shown for devices and media: the ones with the most plays (the table lists every one). */
const TOP = 15;

/** What the query shows: a hint before the first "Show", loading, the error with a retry, or the three charts. */
export function StatisticsCharts({ query }: { query: StatisticsQueryActor }) {
  const { t, i18n } = useTranslation(['statistics', 'common']);
  const styles = useStatisticsStyles();
  const [asTables, setAsTables] = useState(false);
  const data = useSelector(query, (s) => s.context.data);
  const error = useSelector(query, (s) => (s.matches('error') ? s.context.error : null));
  const loading = useSelector(query, (s) => s.hasTag('loading'));
  const language = currentLanguage(i18n.language);

  if (error) {
    return (
      <div className={styles.error} role="alert">
        <span>
          {t('errors.loadFailed')}. {t(`common:${errorMessageKey(error)}`)}
        </span>
        <Button onClick={() => query.send({ type: 'statistics.retry' })}>{t('retry')}</Button>
      </div>
    );
  }
  if (!data) return loading ? <Loading /> : <p className={styles.message}>{t('charts.hint')}</p>;

  const format = statisticsFormat(language, data.time_zone);
  const columns = { plays: t('units.plays'), seconds: t('units.seconds') };
  return (
    <div aria-busy={loading}>
      <div className={styles.summary}>
        <p className={styles.summaryText}>
          {t('charts.summary', {
            campaign: data.campaign.name,
            plays: t("plays", { count: data.total.plays }),
            hours: t('charts.hours', { count: data.period }),
            seconds: format.number(data.total.seconds),
          })}
          <br />
          <span className={styles.note}>{t('timeZone', { zone: data.time_zone })}</span>
        </p>
        <Switch checked={asTables} onChange={(_, change) => setAsTables(change.checked)} label={t('charts.asTables')} />
      </div>
      <div className={styles.grid}>
        <section className={mergeClasses(styles.card, styles.wide)} aria-labelledby="statistics-by-hour">
          <h2 id="statistics-by-hour" className={styles.cardTitle}>
            {t('charts.byHour')}
          </h2>
          {asTables ? (
            <StatisticsTable caption={t('charts.byHour')} head={t('units.hour')} columns={columns} format={format} rows={data.hours.map((row) => ({ key: row.hour, name: format.hour(row.hour), plays: row.plays, seconds: row.seconds }))} />
          ) : (
            <HourChart hours={data.hours} format={format} language={language} words={{ x: t('units.hour'), y: t('units.plays') }} title={t('charts.byHour')} />
          )}
        </section>
        {(['devices', 'media'] as const).map((kind) => {
          const rows: RankedRow[] =
            kind === 'devices' ? rankedRows(data.devices.map(({ device, ...row }) => ({ id: device, ...row })), 'd') : rankedRows(data.media.map(({ media, ...row }) => ({ id: media, ...row })), 'm');
          const title = kind === 'devices' ? t('charts.byDevice') : t('charts.byMedia');
          const head = kind === 'devices' ? t('charts.device') : t('charts.media');
          return (
            <section key={kind} className={styles.card} aria-labelledby={`statistics-by-${kind}`}>
              <h2 id={`statistics-by-${kind}`} className={styles.cardTitle}>
                {title}
              </h2>
              {rows.length === 0 ? (
                <p className={styles.message}>{t('charts.empty')}</p>
              ) : asTables ? (
                <StatisticsTable caption={title} head={head} columns={columns} format={format} rows={rows.map((row) => ({ ...row, name: row.label }))} />
              ) : (
                <>
                  <RankChart rows={rows.slice(0, TOP)} format={format} language={language} words={{ x: t('units.plays'), y: head }} title={title} />
                  {rows.length > TOP ? <p className={styles.note}>{t('charts.top', { limit: TOP })}</p> : null}
                </>
              )}
            </section>
          );
        })}
      </div>
    </div>
  );
}
