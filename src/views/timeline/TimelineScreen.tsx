import { useEffect, useMemo, useRef, useState } from 'react';
import { Body1, Button, Field, Input, Select, Spinner } from '@fluentui/react-components';
import { useVirtualizer } from '@tanstack/react-virtual';
import { useActorRef, useSelector } from '@xstate/react';
import { useTranslation } from '../../i18n.ts';
import { timelineFiltersMachine } from '../../machines/timeline/timelineFilters.machine.ts';
import { timelineFirstPageMachine } from '../../machines/timeline/timelineFirstPage.machine.ts';
import { DEVICE_STATUSES, type DeviceStatus } from '../../services/schemas/deviceEnums.ts';
import type { TimelineDevice, TimelineQuery } from '../../services/scheduler.ts';
import { DateInput } from '../common/DateInput.tsx';
import { PageHeader } from '../common/PageHeader.tsx';
import { usePageTitle } from '../common/usePageTitle.ts';
import { ymd } from '../scheduler/calendarEvents.ts';
import { TimelineRow, HourScale } from './TimelineRow.tsx';
import { PlayingNow } from './PlayingNow.tsx';
import { useTimelineStyles } from './Timeline.styles.ts';
import { scheduleOf, useTimelinePages } from './useTimeline.ts';

const ROW_HEIGHT = 44;

/** /timeline: what plays on which screen, hour by hour: devices as rows (virtualised), one day, compiled schedule items as bars. */
export default function TimelineScreen() {
  const { t } = useTranslation(['timeline', 'scheduler']);
  usePageTitle('screens:titles.timeline');
  const styles = useTimelineStyles();
  const [query, setQuery] = useState<TimelineQuery>({ office: null, campaign: null, status: null });
  const [date, setDate] = useState(() => ymd(new Date()));
  const [picked, setPicked] = useState<{ device: TimelineDevice; time: string; schedule: ReturnType<typeof scheduleOf> } | null>(null);
  const devicesActor = useActorRef(timelineFirstPageMachine);
  const filters = useActorRef(timelineFiltersMachine);
  useEffect(() => filters.send({ type: 'fetch.load' }), [filters]);
  useEffect(() => devicesActor.send({ type: 'fetch.load', params: { query, date } }), [devicesActor, query, date]);
  const first = useSelector(devicesActor, (s) => s.context.data ?? null);
  const count = first?.count ?? 0;
  const loading = useSelector(devicesActor, (s) => s.hasTag('loading'));
  const failed = useSelector(devicesActor, (s) => s.matches('error'));
  const options = useSelector(filters, (s) => s.context.data);
  const rows = useTimelinePages(query, date, first);
  const scroller = useRef<HTMLDivElement>(null);
  const virtualizer = useVirtualizer({ count, getScrollElement: () => scroller.current, estimateSize: () => ROW_HEIGHT, overscan: 6 });
  const items = virtualizer.getVirtualItems();
  const visibleIndexes = useMemo(() => items.map((row) => row.index), [items]);
  useEffect(() => rows.want(visibleIndexes), [rows, visibleIndexes]);
  // The picked device's schedule: its row when loaded (the panel keeps the device even when its row scrolls away).
  const pickedIndex = picked ? items.find((row) => { const entry = rows.row(row.index); return entry.state === 'ready' && entry.row.device.id === picked.device.id; })?.index : undefined;
  const pickedSchedule = picked ? (pickedIndex !== undefined ? scheduleOf(rows.row(pickedIndex)) : picked.schedule) : undefined;

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
      {picked ? <PlayingNow device={picked.device} date={date} time={picked.time} schedule={pickedSchedule} onClose={() => setPicked(null)} /> : null}
      {failed ? (
        <div role="alert" className={styles.error}>
          {t('messages.loadError')}
          <Button onClick={() => devicesActor.send({ type: 'fetch.load', params: { query, date } })}>{t('scheduler:actions.retry')}</Button>
        </div>
      ) : loading && count === 0 ? (
        <Spinner label={t('messages.loading')} />
      ) : count === 0 ? (
        <Body1 className={styles.message}>{t('messages.empty')}</Body1>
      ) : (
        <>
          <Body1 className={styles.message}>{t('messages.count', { count })}</Body1>
          <div className={styles.grid} role="table" aria-label={t('table', { date })} aria-rowcount={count + 1}>
            <HourScale />
            <div ref={scroller} className={styles.scroller} role="rowgroup">
              <div style={{ height: virtualizer.getTotalSize(), position: 'relative' }}>
                {items.map((row) => {
                  const entry = rows.row(row.index);
                  if (entry.state !== 'ready') {
                    return (
                      <div key={`row-${row.index}`} className={styles.row} style={{ top: row.start, height: ROW_HEIGHT }} role="row" aria-rowindex={row.index + 2}>
                        <div role="cell" className={styles.cell}>
                          <span className={styles.state}>{t(entry.state === 'error' ? 'messages.scheduleError' : 'messages.scheduleLoading')}</span>
                        </div>
                      </div>
                    );
                  }
                  const device = entry.row.device;
                  const schedule = scheduleOf(entry);
                  return (
                    <TimelineRow
                      key={device.id}
                      device={device}
                      date={date}
                      top={row.start}
                      height={ROW_HEIGHT}
                      index={row.index + 2}
                      schedule={schedule}
                      selected={picked?.device.id === device.id}
                      onPick={(time) => setPicked({ device, time, schedule })}
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
