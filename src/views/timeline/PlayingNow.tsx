import { Body1Strong, Button } from '@fluentui/react-components';
import { DismissRegular } from '@fluentui/react-icons';
import { useTranslation } from '../../i18n.ts';
import type { TimelineDevice } from '../../services/scheduler.ts';
import { filesOf, playingAt } from './timeline.ts';
import { useTimelineStyles } from './Timeline.styles.ts';
import type { ScheduleEntry } from './useTimeline.ts';

/** What a device plays at the picked moment (its office's wall clock): the winning items and the others on then. */
export function PlayingNow({ device, date, time, schedule, onClose }: { device: TimelineDevice; date: string; time: string; schedule: ScheduleEntry | undefined; onClose: () => void }) {
  const { t } = useTranslation('timeline');
  const styles = useTimelineStyles();
  const { on, playing } = schedule?.state === 'ready' ? playingAt(schedule.schedule.items, `${date}T${time}`) : { on: [], playing: [] };
  const waiting = on.filter((item) => !playing.includes(item));
  return (
    <section className={styles.panel} aria-live="polite" aria-labelledby="timeline-playing-title">
      <div className={styles.panelHead}>
        <Body1Strong as="h2" block id="timeline-playing-title">
          {t('playing.title', { name: device.name || device.sn, date, time })}
        </Body1Strong>
        <Button appearance="subtle" icon={<DismissRegular />} aria-label={t('playing.close')} onClick={onClose} />
      </div>
      {schedule?.state !== 'ready' ? (
        <span>{t(schedule?.state === 'error' ? 'messages.scheduleError' : 'messages.scheduleLoading')}</span>
      ) : playing.length === 0 ? (
        <span>{t('playing.nothing')}</span>
      ) : (
        <>
          <span>{t(playing.length > 1 ? 'playing.inTurn' : 'playing.plays')}</span>
          <ul className={styles.list}>
            {playing.map((item) => (
              <li key={`${item.event}-${item.local_start}`}>
                {t('playing.item', { title: item.title, start: item.local_start.slice(11, 16), end: item.local_end.slice(11, 16), priority: item.priority, count: filesOf(item) })}
              </li>
            ))}
          </ul>
          {waiting.length ? <span>{t('playing.outranked', { count: waiting.length, titles: waiting.map((item) => item.title).join(', ') })}</span> : null}
        </>
      )}
      {schedule?.state === 'ready' ? <span>{t('playing.zone', { zone: schedule.schedule.timezone, version: schedule.schedule.version })}</span> : null}
    </section>
  );
}
