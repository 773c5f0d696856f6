import { useMemo, useRef, useState } from 'react';
import FullCalendar, { type CalendarRef } from '@fullcalendar/react';
import dayGridPlugin from '@fullcalendar/react/daygrid';
import interactionPlugin from '@fullcalendar/react/interaction';
import listPlugin from '@fullcalendar/react/list';
import timeGridPlugin from '@fullcalendar/react/timegrid';
import classicThemePlugin from '@fullcalendar/react/themes/classic';
import ruLocale from '@fullcalendar/react/locales/ru';
import '@fullcalendar/react/skeleton.css';
import '@fullcalendar/react/themes/classic/theme.css';
import { Button, Field, Spinner, Tab, TabList } from '@fluentui/react-components';
import { ChevronLeftRegular, ChevronRightRegular } from '@fluentui/react-icons';
import { useTranslation } from '../../i18n.ts';
import { currentLanguage } from '../../i18n.ts';
import type { EventTiming, SchedulerEvent } from '../../services/scheduler.ts';
import { DateInput } from '../common/DateInput.tsx';
import { isCalendarDate } from '../common/dateText.ts';
import type { SeriesChange } from '../../machines/scheduler/series.ts';
import { toCalendarEvent, timingOf, wallMinutesBetween, ymd, hm } from './calendarEvents.ts';
import { useCalendarStyles } from './Scheduler.styles.ts';

export const CALENDAR_VIEWS = ['dayGridMonth', 'timeGridWeek', 'listMonth'] as const;
export type CalendarView = (typeof CALENDAR_VIEWS)[number];

/** First day of the week per language: Sunday in English, Monday in Russian (FullCalendar's ru locale). */
export function firstDayOf(language: string): number {
  return currentLanguage(language) === 'ru' ? 1 : 0;
}

export interface SchedulerCalendarProps {
  events: SchedulerEvent[];
  /** False while a write is on its way or nothing may be changed. */
  editable: boolean;
  loading: boolean;
  /** The visible range changed (dates, end exclusive). */
  /** The days drawn (the grid, leading and trailing days included) and the period shown (the month, week or list). */
  onRange: (start: string, end: string, period: { start: string; end: string }) => void;
  onEventOpen: (event: SchedulerEvent) => void;
  /** A day or a moment was clicked (time null: a day). */
  onDateOpen?: (date: string, time: string | null) => void;
  onMove: (event: SchedulerEvent) => void;
  /** An occurrence of a weekly repeat was dragged or resized: the whole series changes. */
  onShift: (event: SchedulerEvent, change: SeriesChange) => void;
  /** A dragged playlist from the panel landed (time null: a day). */
  onDrop?: (date: string, time: string | null) => void;
}

/**
 * FullCalendar 7 (month, week and list views) with our own toolbar: previous / next / today, the range's title,
 * go to a date, and the view switch. Events show in their colour with a marker while not published; dragging and
 * resizing a one-off event moves it, and an occurrence of a weekly repeat moves or stretches the whole series.
 */
export function SchedulerCalendar({ events, editable, loading, onRange, onEventOpen, onDateOpen, onMove, onShift, onDrop }: SchedulerCalendarProps) {
  const { t, i18n } = useTranslation('scheduler');
  const styles = useCalendarStyles();
  const calendar = useRef<CalendarRef>(null);
  const [title, setTitle] = useState('');
  const [view, setView] = useState<CalendarView>('dayGridMonth');
  const [goTo, setGoTo] = useState(() => ymd(new Date()));
  const [goToRefused, setGoToRefused] = useState(false);
  const language = currentLanguage(i18n.language);
  const inputs = useMemo(() => events.map((event) => toCalendarEvent(event, styles.unpublished, editable)), [events, styles.unpublished, editable]);
  const api = () => calendar.current?.getApi();

  // FullCalendar's own event content (a React portal per event measured 3x slower with 500 events); the marker is in
  // the title text and the outline, the tooltip says it in words.
  const describeEvent = (info: { el: HTMLElement; event: { extendedProps: Record<string, unknown> } }) => {
    const event = info.event.extendedProps.event as SchedulerEvent;
    info.el.title = event.published ? event.title : `${event.title} (${t('event.unpublished')})`;
  };

  return (
    <div className={styles.root}>
      <div className={styles.toolbar} role="toolbar" aria-label={t('calendar.toolbar')}>
        <Button icon={<ChevronLeftRegular />} aria-label={t('calendar.previous')} onClick={() => api()?.prev()} />
        <Button icon={<ChevronRightRegular />} aria-label={t('calendar.next')} onClick={() => api()?.next()} />
        <Button onClick={() => api()?.today()}>{t('calendar.today')}</Button>
        <h2 className={styles.title} aria-live="polite">
          {title}
        </h2>
        <form
          className={styles.goTo}
          onSubmit={(event) => {
            event.preventDefault();
            // A date of the right shape that names no day (13/45/2027) is refused with a message, never rolled over.
            const valid = isCalendarDate(goTo);
            setGoToRefused(!valid);
            if (valid) api()?.gotoDate(goTo);
          }}
        >
          <Field validationState={goToRefused ? 'error' : 'none'} validationMessage={goToRefused ? t('calendar.notADate') : undefined}>
            <DateInput
              className={styles.dateInput}
              value={goTo}
              onChange={(value) => {
                setGoTo(value);
                setGoToRefused(false);
              }}
              aria-label={t('calendar.goToDate')}
            />
          </Field>
          <Button type="submit">{t('calendar.goTo')}</Button>
        </form>
        <TabList
          size="small"
          selectedValue={view}
          aria-label={t('calendar.views')}
          onTabSelect={(_, data) => {
            const next = data.value as CalendarView;
            setView(next);
            api()?.changeView(next);
          }}
        >
          {CALENDAR_VIEWS.map((name) => (
            <Tab key={name} value={name}>
              {t(`calendar.${name}`)}
            </Tab>
          ))}
        </TabList>
        {loading ? <Spinner size="tiny" aria-label={t('calendar.loading')} /> : null}
      </div>
      <FullCalendar
        ref={calendar}
        plugins={[dayGridPlugin, timeGridPlugin, listPlugin, interactionPlugin, classicThemePlugin]}
        initialView="dayGridMonth"
        headerToolbar={false}
        locales={[ruLocale]}
        locale={language}
        firstDay={firstDayOf(language)}
        height="auto"
        eventDisplay="block"
        dayMaxEvents={4}
        events={inputs}
        editable={editable}
        droppable={editable && !!onDrop}
        eventDidMount={describeEvent}
        datesSet={(info) => {
          setTitle(info.view.title);
          onRange(ymd(info.start), ymd(info.end), { start: ymd(info.view.currentStart), end: ymd(info.view.currentEnd) });
        }}
        eventClick={(info) => {
          info.jsEvent.preventDefault();
          onEventOpen(info.event.extendedProps.event as SchedulerEvent);
        }}
        dateClick={(info) => onDateOpen?.(ymd(info.date), info.allDay ? null : hm(info.date))}
        drop={(info) => onDrop?.(ymd(info.date), info.allDay ? null : hm(info.date))}
        eventDrop={(info) => {
          const event = info.event.extendedProps.event as SchedulerEvent;
          if (!event.repeat) return moved(info.event);
          // FullCalendar moved one occurrence; the series is drawn again from the machine's events.
          info.revert();
          if (info.oldEvent.start && info.event.start) onShift(event, { kind: 'move', minutes: wallMinutesBetween(info.oldEvent.start, info.event.start), allDay: info.event.allDay });
        }}
        eventResize={(info) => {
          const event = info.event.extendedProps.event as SchedulerEvent;
          if (!event.repeat) return moved(info.event);
          info.revert();
          if (info.oldEvent.end && info.event.end) onShift(event, { kind: 'resize', minutes: wallMinutesBetween(info.oldEvent.end, info.event.end) });
        }}
      />
    </div>
  );

  function moved(changed: { start: Date | null; end: Date | null; allDay: boolean; extendedProps: Record<string, unknown> }) {
    if (!changed.start) return;
    const event = changed.extendedProps.event as SchedulerEvent;
    const timing: EventTiming = timingOf(changed.start, changed.end, changed.allDay);
    onMove({ ...event, ...timing });
  }
}
