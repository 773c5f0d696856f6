import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { SchedulerEvent } from '../../services/scheduler.ts';
import { changeSeries, occurrenceMinutes, shiftDate, shiftWeekday } from './series.ts';

const SERIES: SchedulerEvent = {
  id: 7, campaign: 9, campaign_name: 'C', title: 'News', media: null, media_name: null, playlist: 4, playlist_name: 'News', playlist_committed: true,
  // Mondays, Wednesdays and Sundays of November 2026 (2026-11-02 is a Monday), 08:00-09:00.
  start_date: '2026-11-02', start_time: '08:00', end_date: '2026-11-29', end_time: '09:00', all_day: false, color: '#3788d8', duration: null,
  repeat: true, weekdays: [1, 3, 7], devices: [1], published: true, priority: 0, created_at: '', updated_at: '',
};
const move = (minutes: number, allDay = false) => ({ kind: 'move' as const, minutes, allDay });

describe('dragging a weekly repeat moves the whole series', () => {
  it('a drag within the day moves every occurrence\'s times, keeping its length', () => {
    expect(changeSeries(SERIES, move(90))).toMatchObject({ start_date: '2026-11-02', end_date: '2026-11-29', start_time: '09:30', end_time: '10:30', weekdays: [1, 3, 7] });
  });

  it('a drag by days moves the dates and every weekday with them; Sunday wraps to Monday', () => {
    expect(changeSeries(SERIES, move(1 * 1440))).toMatchObject({ start_date: '2026-11-03', end_date: '2026-11-30', start_time: '08:00', weekdays: [1, 2, 4] });
    // Back two days: Monday wraps to Saturday, Wednesday to Monday, Sunday to Friday.
    expect(changeSeries(SERIES, move(-2 * 1440))).toMatchObject({ start_date: '2026-10-31', end_date: '2026-11-27', weekdays: [1, 5, 6] });
  });

  it('a drag over midnight carries into the next day; an occurrence may then end after midnight', () => {
    const late = changeSeries(SERIES, move(15 * 60 + 30));
    expect(late).toMatchObject({ start_time: '23:30', end_time: '00:30', start_date: '2026-11-02', weekdays: [1, 3, 7] });
    expect(changeSeries(SERIES, move(16 * 60))).toMatchObject({ start_time: '00:00', end_time: '01:00', start_date: '2026-11-03', end_date: '2026-11-30', weekdays: [1, 2, 4] });
    expect(changeSeries(SERIES, move(-9 * 60))).toMatchObject({ start_time: '23:00', end_time: '00:00', start_date: '2026-11-01', weekdays: [2, 6, 7] });
  });

  it('an all-day repeat moves by whole days and stays all day; switching to or from all day is refused', () => {
    const allDay = { ...SERIES, all_day: true };
    expect(changeSeries(allDay, move(3 * 1440, true))).toMatchObject({ start_date: '2026-11-05', end_date: '2026-12-02', weekdays: [3, 4, 6], all_day: true });
    expect(changeSeries(allDay, move(60, true))).toBeNull();
    expect(changeSeries(allDay, move(1440, false))).toBeNull();
    expect(changeSeries(SERIES, move(1440, true))).toBeNull();
  });

  it('a one-off event is not a series', () => {
    expect(changeSeries({ ...SERIES, repeat: false, weekdays: [] }, move(60))).toBeNull();
  });

  it('moving by a delta and back gives the series it started from', () => {
    fc.assert(
      fc.property(fc.integer({ min: -30 * 1440, max: 30 * 1440 }).map((m) => m - (m % 30)), fc.subarray([1, 2, 3, 4, 5, 6, 7], { minLength: 1 }), (minutes, weekdays) => {
        const series = { ...SERIES, weekdays };
        const there = changeSeries(series, move(minutes))!;
        expect(occurrenceMinutes(there)).toBe(occurrenceMinutes(series));
        expect(changeSeries(there, move(-minutes))).toEqual(series);
      }),
    );
  });
});

describe('resizing a weekly repeat changes the length of every occurrence', () => {
  it('moves the end time only', () => {
    expect(changeSeries(SERIES, { kind: 'resize', minutes: 30 })).toMatchObject({ start_time: '08:00', end_time: '09:30', start_date: '2026-11-02', weekdays: [1, 3, 7] });
    expect(changeSeries({ ...SERIES, start_time: '22:00', end_time: '23:00' }, { kind: 'resize', minutes: 120 })).toMatchObject({ start_time: '22:00', end_time: '01:00' });
  });

  it('refuses no length, more than a day, and an all-day repeat', () => {
    expect(changeSeries(SERIES, { kind: 'resize', minutes: -60 })).toBeNull();
    expect(changeSeries(SERIES, { kind: 'resize', minutes: 23 * 60 })).toMatchObject({ end_time: '08:00' });
    expect(changeSeries(SERIES, { kind: 'resize', minutes: 23 * 60 + 30 })).toBeNull();
    expect(changeSeries({ ...SERIES, all_day: true }, { kind: 'resize', minutes: 1440 })).toBeNull();
  });
});

describe('date and weekday arithmetic', () => {
  it('crosses months, years and leap days; weekdays wrap both ways', () => {
    expect(shiftDate('2028-02-28', 1)).toBe('2028-02-29');
    expect(shiftDate('2026-12-31', 1)).toBe('2027-01-01');
    expect(shiftDate('2026-03-29', -29)).toBe('2026-02-28');
    expect([shiftWeekday(7, 1), shiftWeekday(1, -1), shiftWeekday(3, 14), shiftWeekday(3, -10)]).toEqual([1, 7, 3, 7]);
  });
});
