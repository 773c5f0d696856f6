import { Body1, Button } from '@fluentui/react-components';
import { ChevronLeftRegular, ChevronRightRegular } from '@fluentui/react-icons';
import { useSelector } from '@xstate/react';
import { useTranslation } from '../../i18n.ts';
import type { DevicesActor } from '../../machines/devices/devices.machine.ts';
import { selectPageInfo, selectStatistics, selectStatisticsError } from '../../machines/devices/devices.selectors.ts';
import { DEFAULT_PAGE_SIZE } from '../../services/config.ts';
import { errorMessageKey } from '../common/errorMessageKey.ts';
import { useDevicesStyles } from './Devices.styles.ts';

/** "Page 2 of 500, 10000 devices" (or "Page 1 of 50+, 1000+ devices" when the server stopped counting) with previous / next. */
export function DevicesPager({ devices }: { devices: DevicesActor }) {
  const { t } = useTranslation('devices');
  const styles = useDevicesStyles();
  const { page, pageCount, count, exact } = useSelector(
    devices,
    (s) => selectPageInfo(s, DEFAULT_PAGE_SIZE),
    (a, b) => a.page === b.page && a.pageCount === b.pageCount && a.count === b.count && a.exact === b.exact,
  );
  if (count === 0) return null;
  const text = t(exact ? 'list.page' : 'list.pageAtLeast', { page, pages: pageCount, count });
  return (
    <nav className={styles.pager} aria-label={text}>
      <Body1>{text}</Body1>
      <Button icon={<ChevronLeftRegular />} aria-label={t('actions.previous')} disabled={page <= 1} onClick={() => devices.send({ type: 'devices.page', page: page - 1 })} />
      <Button icon={<ChevronRightRegular />} aria-label={t('actions.next')} disabled={page >= pageCount} onClick={() => devices.send({ type: 'devices.page', page: page + 1 })} />
    </nav>
  );
}

/** The device statistics: counts of active and deactivated devices; a failed load says so, with a retry (the last numbers stay). */
export function DeviceStatisticsBar({ devices }: { devices: DevicesActor }) {
  const { t } = useTranslation(['devices', 'common']);
  const styles = useDevicesStyles();
  const statistics = useSelector(devices, selectStatistics);
  const error = useSelector(devices, selectStatisticsError);
  return (
    <>
      {statistics ? (
        <div className={styles.statistics} role="status" aria-label={t('statistics.label')}>
          <Body1>{t('statistics.active', { count: statistics.active })}</Body1>
          <Body1>{t('statistics.deactive', { count: statistics.deactive })}</Body1>
        </div>
      ) : null}
      {error ? (
        <div className={styles.statisticsError} role="alert">
          <Body1>{`${t('statistics.loadError')}: ${t(`common:${errorMessageKey(error)}`)}`}</Body1>
          <Button size="small" onClick={() => devices.send({ type: 'statistics.retry' })}>
            {t('statistics.retry')}
          </Button>
        </div>
      ) : null}
    </>
  );
}
