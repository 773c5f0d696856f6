import { useEffect, useMemo, useRef, useState } from 'react';
import { Body1, Button, Field, Input, Select, Spinner } from '@fluentui/react-components';
import { useVirtualizer } from '@tanstack/react-virtual';
import { useActorRef, useSelector } from '@xstate/react';
import { fromPromise } from 'xstate';
import { useTranslation } from 'react-i18next';
import { createFetchStatusMachine } from '../../machines/fetchStatus.machine.ts';
import { listCampaigns, type Campaign } from '../../services/campaigns/campaigns.service.ts';
import { listOffices, type Office } from '../../services/devices.service.ts';
import { DEVICE_STATUSES, type DeviceStatus } from '../../services/schemas/devices.ts';
import { loadTimelineDevices, type TimelineDevice, type TimelineQuery } from '../../services/scheduler.ts';
import { DateInput } from '../common/DateInput.tsx';
import { PageHeader } from '../common/PageHeader.tsx';
import { usePageTitle } from '../common/usePageTitle.ts';
import { ymd } from '../scheduler/calendarEvents.ts';
import { TimelineRow, HourScale } from './TimelineRow.tsx';
import { PlayingNow } from './PlayingNow.tsx';
import { useTimelineStyles } from './Timeline.styles.ts';
import { useSchedules } from './useSchedules.ts';

const devicesMachine = createFetchStatusMachine<TimelineDevice[], TimelineQuery>().provide({ actors: { load: fromPromise(({ input }) => loadTimelineDevices(input.params)) } });
const filtersMachine = createFetchStatusMachine<{ offices: Office[]; campaigns: Campaign[] }, void>().provide({
  actors: { load: fromPromise(async () => ({ offices: await listOffices(), campaigns: (await listCampaigns({ page: 1, page_size: 500 })).results })) },
});
const ROW_HEIGHT = 44;

/** /timeline: what plays on which screen, hour by hour: devices as rows (virtualised), one day, compiled schedule items as bars. */
export default function TimelineScreen() {
  const { t } = useTranslation(['timeline', 'scheduler']);
  usePageTitle('screens:titles.timeline');
  const styles = useTimelineStyles();
  const [query, setQuery] = useState<TimelineQuery>({ office: null, campaign: null, status: null });
  const [date, setDate] = useState(() => ymd(new Date()));
  const [picked, setPicked] = useState<{ device: TimelineDevice; time: string } | null>(null);
  const devicesActor = useActorRef(devicesMachine);
  const filters = useActorRef(filtersMachine);
  useEffect(() => filters.send({ type: 'fetch.load' }), [filters]);
  useEffect(() => devicesActor.send({ type: 'fetch.load', params: query }), [devicesActor, query]);
  const devices = useSelector(devicesActor, (s) => s.context.data ?? []);
  const loading = useSelector(devicesActor, (s) => s.hasTag('loading'));
  const failed = useSelector(devicesActor, (s) => s.matches('error'));
  const options = useSelector(filters, (s) => s.context.data);
  const schedules = useSchedules();
  const scroller = useRef<HTMLDivElement>(null);
  const virtualizer = useVirtualizer({ count: devices.length, getScrollElement: () => scroller.current, estimateSize: () => ROW_HEIGHT, overscan: 6 });
  const items = virtualizer.getVirtualItems();
  const visibleIds = useMemo(() => items.map((row) => devices[row.index]?.id).filter((id): id is number => id !== undefined), [items, devices]);
  useEffect(() => schedules.want(visibleIds), [schedules, visibleIds]);

  return (
    <section>
      <PageHeader title={t('title')} />
      <div className={styles.filters}>
        <Field label={t('filters.office')} className={styles.filter}>
          <Select className={styles.select} value={query.office ?? ''} onChange={(_, d) => setQuery({ ...query, office: d.value ? Number(d.value) : null })}>
            <option value="">{t('filters.all')}</option>
            {(options?.offices ?? []).map((office) => (
              <option key={office.id} value={office.id}>
                {office.name}
              </option>
            ))}
          </Select>
        </Field>
        <Field label={t('filters.campaign')} className={styles.filter}>
          <Select className={styles.select} value={query.campaign ?? ''} onChange={(_, d) => setQuery({ ...query, campaign: d.value ? Number(d.value) : null })}>
            <option value="">{t('filters.all')}</option>
            {(options?.campaigns ?? []).map((campaign) => (
              <option key={campaign.id} value={campaign.id}>
                {campaign.name}
              </option>
            ))}
          </Select>
        </Field>
        <Field label={t('filters.status')} className={styles.filter}>
          <Select className={styles.select} value={query.status ?? ''} onChange={(_, d) => setQuery({ ...query, status: (d.value || null) as DeviceStatus | null })}>
            <option value="">{t('filters.all')}</option>
            {DEVICE_STATUSES.map((status) => (
              <option key={status} value={status}>
                {t(`status.${status}`)}
              </option>
            ))}
          </Select>
        </Field>
        <Field label={t('filters.date')} className={styles.filter}>
          <DateInput value={date} onChange={(value) => /^\d{4}-\d{2}-\d{2}$/.test(value) && setDate(value)} />
        </Field>
        <Field label={t('filters.time')} className={styles.time}>
          <Input type="time" value={picked?.time ?? ''} disabled={!picked} onChange={(_, d) => picked && d.value && setPicked({ ...picked, time: d.value })} />
        </Field>
      </div>
      {picked ? <PlayingNow device={picked.device} date={date} time={picked.time} schedule={schedules.get(picked.device.id)} onClose={() => setPicked(null)} /> : null}
      {failed ? (
        <div role="alert" className={styles.error}>
          {t('messages.loadError')}
          <Button onClick={() => devicesActor.send({ type: 'fetch.load', params: query })}>{t('scheduler:actions.retry')}</Button>
        </div>
      ) : loading && devices.length === 0 ? (
        <Spinner label={t('messages.loading')} />
      ) : devices.length === 0 ? (
        <Body1 className={styles.message}>{t('messages.empty')}</Body1>
      ) : (
        <>
          <Body1 className={styles.message}>{t('messages.count', { count: devices.length })}</Body1>
          <div className={styles.grid} role="table" aria-label={t('table', { date })} aria-rowcount={devices.length + 1}>
            <HourScale />
            <div ref={scroller} className={styles.scroller} role="rowgroup">
              <div style={{ height: virtualizer.getTotalSize(), position: 'relative' }}>
                {items.map((row) => {
                  const device = devices[row.index]!;
                  return (
                    <TimelineRow
                      key={device.id}
                      device={device}
                      date={date}
                      top={row.start}
                      height={ROW_HEIGHT}
                      index={row.index + 2}
                      schedule={schedules.get(device.id)}
                      selected={picked?.device.id === device.id}
                      onPick={(time) => setPicked({ device, time })}
                    />
                  );
                })}
              </div>
            </div>
          </div>
        </>
      )}
    </section>
  );
}
