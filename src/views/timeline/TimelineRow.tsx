import type { CSSProperties, MouseEvent, KeyboardEvent } from 'react';
import { mergeClasses } from '@fluentui/react-components';
import { useTranslation } from '../../i18n.ts';
import type { TimelineDevice } from '../../services/scheduler.ts';
import { barsOn, clock, DAY_MINUTES } from './timeline.ts';
import { useTimelineStyles } from './Timeline.styles.ts';
import type { ScheduleEntry } from './useTimeline.ts';

const HOURS = [0, 3, 6, 9, 12, 15, 18, 21];

/** The hours above the rows. */
export function HourScale() {
  const { t } = useTranslation('timeline');
  const styles = useTimelineStyles();
  return (
    <div className={styles.head} role="row" aria-rowindex={1}>
      <span className={styles.name} role="columnheader">
        {t('device')}
      </span>
      <div className={styles.hours} role="columnheader" aria-label={t('hours')}>
        {HOURS.map((hour) => (
          <span key={hour} className={styles.hour} style={{ left: `${(hour / 24) * 100}%`, ...(hour === 0 ? { transform: 'none' } : {}) }}>
            {String(hour).padStart(2, '0')}
          </span>
        ))}
      </div>
    </div>
  );
}

export interface TimelineRowProps {
  device: TimelineDevice;
  date: string;
  top: number;
  height: number;
  index: number;
  schedule: ScheduleEntry | undefined;
  selected: boolean;
  /** A time of the day picked on the row (`HH:MM`). */
  onPick: (time: string) => void;
}

/** One device: its name and office, and its compiled schedule's items on the day as bars; click a moment to see what plays. */
export function TimelineRow({ device, date, top, height, index, schedule, selected, onPick }: TimelineRowProps) {
  const { t } = useTranslation('timeline');
  const styles = useTimelineStyles();
  const bars = schedule?.state === 'ready' ? barsOn(schedule.schedule.items, date) : [];
  const pick = (event: MouseEvent<HTMLButtonElement>) => {
    const box = event.currentTarget.getBoundingClientRect();
    onPick(clock(((event.clientX - box.left) / box.width) * DAY_MINUTES));
  };
  const keyPick = (event: KeyboardEvent<HTMLButtonElement>) => {
    if (event.key === 'Enter' || event.key === ' ') {
      event.preventDefault();
      const now = new Date();
      onPick(clock(now.getHours() * 60 + now.getMinutes()));
    }
  };
  return (
    <div className={mergeClasses(styles.row, selected && styles.selected)} style={{ top, height } as CSSProperties} role="row" aria-rowindex={index} aria-selected={selected}>
      <div className={styles.name} role="rowheader">
        <span className={styles.nameText} title={device.name || device.sn}>
          {device.name || device.sn}
        </span>
        <span className={styles.sub}>{device.office_name ?? t(`status.${device.status}`)}</span>
      </div>
      <div role="cell" className={styles.cell}>
        {schedule?.state === 'loading' ? <span className={styles.state}>{t('messages.scheduleLoading')}</span> : null}
        {schedule?.state === 'error' ? <span className={styles.state}>{t('messages.scheduleError')}</span> : null}
        {bars.map((bar, position) => (
          <span
            key={`${bar.item.event}-${position}`}
            className={styles.bar}
            aria-hidden="true"
            style={{ left: `${(bar.start / DAY_MINUTES) * 100}%`, width: `${((bar.end - bar.start) / DAY_MINUTES) * 100}%` }}
          >
            {bar.item.title}
          </span>
        ))}
        <button
          type="button"
          className={styles.track}
          aria-label={t('pick', { name: device.name || device.sn, count: bars.length })}
          title={bars.map((bar) => `${bar.item.title} ${clock(bar.start)}–${clock(bar.end)}`).join('\n') || undefined}
          onClick={pick}
          onKeyDown={keyPick}
        />
      </div>
    </div>
  );
}
