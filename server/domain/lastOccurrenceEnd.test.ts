import fc from 'fast-check';
import { Temporal } from 'temporal-polyfill';
import { describe, expect, it } from 'vitest';
import { expandEvent, lastOccurrenceEnd, lastOccurrenceEndIn, type EventTiming } from './occurrences.ts';

const BERLIN = 'Europe/Berlin';
const NEW_YORK = 'America/New_York';
const KIRITIMATI = 'Pacific/Kiritimati';

function event(fields: Partial<EventTiming>): EventTiming {
  return { id: 1, start_date: '2026-06-01', start_time: '08:00', end_date: '2026-06-01', end_time: '09:00', all_day: false, weekdays: [], priority: 0, ...fields };
}

const end = (e: EventTiming, zone: string) => lastOccurrenceEnd(e, zone)?.toString() ?? null;

describe('lastOccurrenceEnd: when an event is over (the campaigns\' expired and the scheduler agree)', () => {
  it('a one-off event ends at its end date and time, in the zone of the device', () => {
    const oneOff = event({ start_date: '2026-06-01', end_date: '2026-06-03', end_time: '18:30' });
    expect(end(oneOff, BERLIN)).toBe('2026-06-03T16:30:00Z');
    expect(end(oneOff, NEW_YORK)).toBe('2026-06-03T22:30:00Z');
    expect(end(oneOff, KIRITIMATI)).toBe('2026-06-03T04:30:00Z');
  });

  it('a one-off all-day event ends at the start of the day after its end date', () => {
    expect(end(event({ all_day: true, end_date: '2026-06-02' }), BERLIN)).toBe('2026-06-02T22:00:00Z');
    // Across a switch: the local midnight after 2026-03-29 in Berlin is summer time.
    expect(end(event({ all_day: true, start_date: '2026-03-28', end_date: '2026-03-29' }), BERLIN)).toBe('2026-03-29T22:00:00Z');
  });

  it('a weekly repeat ends with the last listed weekday on or before its end date, not at the end date', () => {
    // 2026-06-01 is a Monday; the period ends on Sunday 2026-06-14, the repeat is on Mondays and Wednesdays.
    const weekly = event({ start_date: '2026-06-01', end_date: '2026-06-14', start_time: '08:00', end_time: '09:00', weekdays: [1, 3] });
    expect(end(weekly, BERLIN)).toBe('2026-06-10T07:00:00Z');
    // Sunday (7) is the last day itself; the week wraps from Sunday back to Monday without skipping it.
    expect(end({ ...weekly, weekdays: [7] }, BERLIN)).toBe('2026-06-14T07:00:00Z');
  });

  it('an overnight repeat ends the day after its last date; an all-day repeat at the next start of day', () => {
    const overnight = event({ start_date: '2026-06-01', end_date: '2026-06-05', start_time: '22:00', end_time: '02:00', weekdays: [5] });
    expect(end(overnight, BERLIN)).toBe('2026-06-06T00:00:00Z');
    expect(end(event({ start_date: '2026-06-01', end_date: '2026-06-07', all_day: true, weekdays: [2] }), NEW_YORK)).toBe('2026-06-03T04:00:00Z');
  });

  it('a repeat none of whose weekdays falls in its period never plays: null', () => {
    // Monday 2026-06-01 to Tuesday 2026-06-02, on Fridays only.
    expect(end(event({ start_date: '2026-06-01', end_date: '2026-06-02', weekdays: [5] }), BERLIN)).toBeNull();
  });

  it('a repeat whose last occurrence has no time on the clock (a spring-forward gap) ends with the one before', () => {
    // Sundays 02:30-03:00 in Berlin; Sunday 2026-03-29 has no 02:30, so the series ends on Sunday 2026-03-22.
    const gap = event({ start_date: '2026-03-16', end_date: '2026-03-29', start_time: '02:30', end_time: '03:00', weekdays: [7] });
    expect(end(gap, BERLIN)).toBe('2026-03-22T02:00:00Z');
  });

  it('over several zones, the latest end: the zone furthest west decides', () => {
    const oneOff = event({ end_date: '2026-06-03', end_time: '18:30' });
    expect(lastOccurrenceEndIn(oneOff, [KIRITIMATI, BERLIN, NEW_YORK])?.toString()).toBe('2026-06-03T22:30:00Z');
    expect(lastOccurrenceEndIn(oneOff, [])).toBeNull();
  });

  it('equals the end of the last occurrence the scheduler expands, for any event and zone', () => {
    const date = fc.integer({ min: 0, max: 60 }).map((days) => Temporal.PlainDate.from('2026-03-01').add({ days }).toString());
    const time = fc.tuple(fc.integer({ min: 0, max: 23 }), fc.constantFrom(0, 30)).map(([h, m]) => `${String(h).padStart(2, '0')}:${String(m).padStart(2, '0')}`);
    fc.assert(
      fc.property(
        date,
        fc.integer({ min: 0, max: 20 }),
        time,
        time,
        fc.boolean(),
        fc.subarray([1, 2, 3, 4, 5, 6, 7]),
        fc.constantFrom(BERLIN, NEW_YORK, KIRITIMATI, 'UTC'),
        (start_date, length, start_time, end_time, all_day, weekdays, zone) => {
          const end_date = Temporal.PlainDate.from(start_date).add({ days: length }).toString();
          const e = event({ start_date, end_date, start_time, end_time, all_day, weekdays });
          const occurrences = expandEvent(e, zone, { from: '2026-02-20T00:00:00Z', days: 120 });
          const last = occurrences.map((o) => o.ends_at).sort((a, b) => Temporal.Instant.compare(a, b)).at(-1) ?? null;
          expect(end(e, zone)).toBe(last);
        },
      ),
      { numRuns: 300 },
    );
  });
});
