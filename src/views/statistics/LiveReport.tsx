import { useEffect, useMemo } from 'react';
import { Button, mergeClasses, Table, TableBody, TableCell, TableHeader, TableHeaderCell, TableRow } from '@fluentui/react-components';
import { useActorRef, useSelector } from '@xstate/react';
import { useTranslation } from '../../i18n.ts';
import { liveFeedMachine } from '../../machines/statistics/live.machine.ts';
import { currentLanguage } from '../../i18n.ts';
import { errorMessageKey } from '../common/errorMessageKey.ts';
import { statisticsFormat } from './statisticsFormat.ts';
import { useStatisticsStyles } from './Statistics.styles.ts';

/** The live report: plays of the last 15 minutes, asked for every 5 seconds while the page is visible. */
export function LiveReport() {
  const { t, i18n } = useTranslation(['statistics', 'common']);
  const styles = useStatisticsStyles();
  const live = useActorRef(liveFeedMachine, { input: { visible: document.visibilityState !== 'hidden' } });
  const data = useSelector(live, (s) => s.context.data);
  const error = useSelector(live, (s) => s.context.error);
  const paused = useSelector(live, (s) => s.hasTag('paused'));
  const zone = data?.time_zone;
  // The times of the table in the zone the charts count hours in, named under the table (not the reader's own zone).
  const format = useMemo(() => statisticsFormat(currentLanguage(i18n.language), zone), [i18n.language, zone]);

  useEffect(() => {
    const follow = () => live.send({ type: document.visibilityState === 'hidden' ? 'live.hide' : 'live.show' });
    document.addEventListener('visibilitychange', follow);
    return () => document.removeEventListener('visibilitychange', follow);
  }, [live]);

  return (
    <section className={mergeClasses(styles.card, styles.live)} aria-labelledby="statistics-live">
      <h2 id="statistics-live" className={styles.cardTitle}>
        {t('live.title')}
      </h2>
      <div className={styles.liveHead}>
        <output className={styles.liveNumber} aria-live="off" aria-label={t('live.total')}>
          {data ? format.number(data.total.plays) : '–'}
        </output>
        <span className={styles.liveLabel}>{t('live.total')}</span>
        {data ? <span className={styles.note}>{t('live.updated', { time: format.time(data.until) })}</span> : null}
        {paused ? <span className={styles.note}>{t('live.paused')}</span> : null}
      </div>
      {error ? (
        <div className={styles.error} role="alert">
          <span>
            {t('errors.loadFailed')}. {t(`common:${errorMessageKey(error)}`)}
          </span>
          <Button onClick={() => live.send({ type: 'live.refresh' })}>{t('retry')}</Button>
        </div>
      ) : null}
      {data && data.recent.length === 0 ? <p className={styles.message}>{t('live.empty')}</p> : null}
      {data && data.recent.length > 0 ? (
        <div className={styles.tableBox} tabIndex={0} role="region" aria-label={t('live.recent')}>
          <Table size="small" aria-label={t('live.recent')}>
            <TableHeader>
              <TableRow>
                <TableHeaderCell>{t('live.started')}</TableHeaderCell>
                <TableHeaderCell>{t('charts.device')}</TableHeaderCell>
                <TableHeaderCell>{t('charts.media')}</TableHeaderCell>
                <TableHeaderCell className={styles.wideOnly}>{t('live.campaign')}</TableHeaderCell>
                <TableHeaderCell className={mergeClasses(styles.number, styles.wideOnly)}>{t('live.duration')}</TableHeaderCell>
              </TableRow>
            </TableHeader>
            <TableBody>
              {data.recent.map((play) => (
                <TableRow key={`${play.device}-${play.started_at}-${play.media}`}>
                  <TableCell className={styles.time}>{format.time(play.started_at)}</TableCell>
                  <TableCell className={styles.name}>{play.device_name}</TableCell>
                  <TableCell className={styles.name}>{play.media_name}</TableCell>
                  <TableCell className={mergeClasses(styles.name, styles.wideOnly)}>{play.campaign_name}</TableCell>
                  <TableCell className={mergeClasses(styles.number, styles.wideOnly)}>{format.number(play.duration)}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </div>
      ) : null}
      {data ? <p className={styles.note}>{t('live.timeZone', { zone: data.time_zone })}</p> : null}
    </section>
  );
}
