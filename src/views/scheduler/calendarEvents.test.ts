import { describe, expect, it } from 'vitest';
import type { SchedulerEvent } from '../../services/scheduler.ts';
import { addDays, contrastOn, monthGridRange, newEventDate, timingOf, toCalendarEvent, wallMinutesBetween } from './calendarEvents.ts';

const EVENT: SchedulerEvent = {
  id: 7, campaign: 9, campaign_name: 'C', title: 'News', media: null, media_name: null, playlist: 4, playlist_name: 'News', playlist_committed: true,
  start_date: '2026-11-02', start_time: '08:00', end_date: '2026-11-30', end_time: '09:00', all_day: false, color: '#3788d8', duration: null,
  repeat: true, weekdays: [1, 7], devices: [1], published: false, priority: 0, created_at: '', updated_at: '',
};

describe('calendar events', () => {
  it('draws a weekly repeat on its weekdays between its dates (Sunday is 0 for FullCalendar), draggable as a series, marked unpublished', () => {
    expect(toCalendarEvent(EVENT, 'u', true)).toMatchObject({
      id: '7', daysOfWeek: [1, 0], startRecur: '2026-11-02', endRecur: '2026-12-01', startTime: '08:00', endTime: '09:00', editable: true, className: 'u', contrastColor: '#000000',
    });
    expect(toCalendarEvent(EVENT, 'u', false)).toMatchObject({ editable: false });
  });

  it('measures a drag in wall-clock minutes, whole days by date whatever the clock change', () => {
    expect(wallMinutesBetween(new Date(2026, 10, 2, 8, 0), new Date(2026, 10, 3, 9, 30))).toBe(1530);
    expect(wallMinutesBetween(new Date(2026, 2, 30, 8, 0), new Date(2026, 2, 28, 8, 0))).toBe(-2880);
    expect(wallMinutesBetween(new Date(2026, 9, 24), new Date(2026, 9, 26))).toBe(2880);
  });

  it('draws a one-off event as one span; an all-day end is exclusive for FullCalendar', () => {
    expect(toCalendarEvent({ ...EVENT, repeat: false, weekdays: [], published: true }, 'u', true)).toMatchObject({ start: '2026-11-02T08:00', end: '2026-11-30T09:00', editable: true, className: undefined });
    expect(toCalendarEvent({ ...EVENT, repeat: false, all_day: true }, 'u', true)).toMatchObject({ start: '2026-11-02', end: '2026-12-01', allDay: true });
  });

  it('reads a moved or resized event back as wall-clock dates and times', () => {
    expect(timingOf(new Date(2026, 2, 29, 1, 30), new Date(2026, 2, 29, 3, 0), false)).toEqual({ start_date: '2026-03-29', start_time: '01:30', end_date: '2026-03-29', end_time: '03:00', all_day: false });
    expect(timingOf(new Date(2026, 11, 31), new Date(2027, 0, 2), true)).toEqual({ start_date: '2026-12-31', start_time: '00:00', end_date: '2027-01-01', end_time: '00:00', all_day: true });
    expect(timingOf(new Date(2026, 0, 5, 23, 30), null, false)).toMatchObject({ end_date: '2026-01-06', end_time: '00:30' });
  });

  it('computes the month grid FullCalendar shows (six weeks) for either first day of the week', () => {
    expect(monthGridRange(new Date(2026, 10, 22), 0)).toEqual({ start: '2026-11-01', end: '2026-12-13' });
    expect(monthGridRange(new Date(2026, 10, 22), 1)).toEqual({ start: '2026-10-26', end: '2026-12-07' });
    expect(addDays('2026-02-28', 1)).toBe('2026-03-01');
  });

  it('picks black text on light colours and white on dark ones', () => {
    expect(contrastOn('#ffd700')).toBe('#000000');
    expect(contrastOn('#5c2e91')).toBe('#ffffff');
  });
});

describe('newEventDate', () => {
  it('starts a new event today when the shown period holds today, else on the period\'s first day', () => {
    const november = { start: '2026-11-01', end: '2026-12-01' };
    expect([newEventDate('2026-11-26', november), newEventDate('2026-11-01', november), newEventDate('2026-12-01', november), newEventDate('2026-10-31', november)]).toEqual([
      '2026-11-26',
      '2026-11-01',
      '2026-11-01',
      '2026-11-01',
    ]);
  });
});
