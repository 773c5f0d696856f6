import fc from 'fast-check';
import { Temporal } from 'temporal-polyfill';
import { describe, expect, it } from 'vitest';
import { type EventTiming, type Occurrence, expandEvent, expandEvents, resolvePlayback, windowBounds } from './occurrences.ts';

const BERLIN = 'Europe/Berlin';
const NEW_YORK = 'America/New_York';
const EVERY_DAY = [1, 2, 3, 4, 5, 6, 7];

function event(fields: Partial<EventTiming>): EventTiming {
  return { id: 1, start_date: '2026-06-01', start_time: '08:00', end_date: '2026-06-01', end_time: '09:00', all_day: false, weekdays: [], priority: 0, ...fields };
}

function occ(starts_at: string, ends_at: string, local_start: string, local_end: string, fields: Partial<Occurrence> = {}): Occurrence {
  return { event: 1, starts_at, ends_at, local_start, local_end, priority: 0, ...fields };
}

const month = (from: string) => ({ from, days: 31 });

describe('expandEvent across daylight-saving switches', () => {
  const daily = (start_date: string, end_date: string) => event({ start_date, end_date, weekdays: EVERY_DAY });

  it('keeps a daily 08:00-09:00 at 08:00 local across Berlin spring forward (2026-03-29)', () => {
    expect(expandEvent(daily('2026-03-27', '2026-03-31'), BERLIN, month('2026-03-20T00:00:00Z'))).toEqual([
      occ('2026-03-27T07:00:00Z', '2026-03-27T08:00:00Z', '2026-03-27T08:00:00', '2026-03-27T09:00:00'),
      occ('2026-03-28T07:00:00Z', '2026-03-28T08:00:00Z', '2026-03-28T08:00:00', '2026-03-28T09:00:00'),
      occ('2026-03-29T06:00:00Z', '2026-03-29T07:00:00Z', '2026-03-29T08:00:00', '2026-03-29T09:00:00'),
      occ('2026-03-30T06:00:00Z', '2026-03-30T07:00:00Z', '2026-03-30T08:00:00', '2026-03-30T09:00:00'),
      occ('2026-03-31T06:00:00Z', '2026-03-31T07:00:00Z', '2026-03-31T08:00:00', '2026-03-31T09:00:00'),
    ]);
  });

  it('keeps a daily 08:00-09:00 at 08:00 local across Berlin fall back (2026-10-25)', () => {
    expect(expandEvent(daily('2026-10-24', '2026-10-26'), BERLIN, month('2026-10-20T00:00:00Z'))).toEqual([
      occ('2026-10-24T06:00:00Z', '2026-10-24T07:00:00Z', '2026-10-24T08:00:00', '2026-10-24T09:00:00'),
      occ('2026-10-25T07:00:00Z', '2026-10-25T08:00:00Z', '2026-10-25T08:00:00', '2026-10-25T09:00:00'),
      occ('2026-10-26T07:00:00Z', '2026-10-26T08:00:00Z', '2026-10-26T08:00:00', '2026-10-26T09:00:00'),
    ]);
  });

  it('keeps a daily 08:00-09:00 at 08:00 local across New York spring forward (2026-03-08)', () => {
    expect(expandEvent(daily('2026-03-07', '2026-03-09'), NEW_YORK, month('2026-03-01T00:00:00Z'))).toEqual([
      occ('2026-03-07T13:00:00Z', '2026-03-07T14:00:00Z', '2026-03-07T08:00:00', '2026-03-07T09:00:00'),
      occ('2026-03-08T12:00:00Z', '2026-03-08T13:00:00Z', '2026-03-08T08:00:00', '2026-03-08T09:00:00'),
      occ('2026-03-09T12:00:00Z', '2026-03-09T13:00:00Z', '2026-03-09T08:00:00', '2026-03-09T09:00:00'),
    ]);
  });

  it('keeps a daily 08:00-09:00 at 08:00 local across New York fall back (2026-11-01)', () => {
    expect(expandEvent(daily('2026-10-31', '2026-11-02'), NEW_YORK, month('2026-10-25T00:00:00Z'))).toEqual([
      occ('2026-10-31T12:00:00Z', '2026-10-31T13:00:00Z', '2026-10-31T08:00:00', '2026-10-31T09:00:00'),
      occ('2026-11-01T13:00:00Z', '2026-11-01T14:00:00Z', '2026-11-01T08:00:00', '2026-11-01T09:00:00'),
      occ('2026-11-02T13:00:00Z', '2026-11-02T14:00:00Z', '2026-11-02T08:00:00', '2026-11-02T09:00:00'),
    ]);
  });

  it('moves a start that does not exist (02:30 on a spring-forward day) forward by the gap', () => {
    const skipped = { start_time: '02:30', end_time: '04:00' };
    expect(expandEvent(event({ ...skipped, start_date: '2026-03-29', end_date: '2026-03-29' }), BERLIN, month('2026-03-20T00:00:00Z'))).toEqual([
      occ('2026-03-29T01:30:00Z', '2026-03-29T02:00:00Z', '2026-03-29T03:30:00', '2026-03-29T04:00:00'),
    ]);
    expect(expandEvent(event({ ...skipped, start_date: '2026-03-08', end_date: '2026-03-08' }), NEW_YORK, month('2026-03-01T00:00:00Z'))).toEqual([
      occ('2026-03-08T07:30:00Z', '2026-03-08T08:00:00Z', '2026-03-08T03:30:00', '2026-03-08T04:00:00'),
    ]);
  });

  it('repeats a skipped start daily: only the switch day moves', () => {
    const nightly = event({ start_date: '2026-03-28', end_date: '2026-03-30', start_time: '02:30', end_time: '04:00', weekdays: EVERY_DAY });
    expect(expandEvent(nightly, BERLIN, month('2026-03-20T00:00:00Z'))).toEqual([
      occ('2026-03-28T01:30:00Z', '2026-03-28T03:00:00Z', '2026-03-28T02:30:00', '2026-03-28T04:00:00'),
      occ('2026-03-29T01:30:00Z', '2026-03-29T02:00:00Z', '2026-03-29T03:30:00', '2026-03-29T04:00:00'),
      occ('2026-03-30T00:30:00Z', '2026-03-30T02:00:00Z', '2026-03-30T02:30:00', '2026-03-30T04:00:00'),
    ]);
  });

  it('leaves out an occurrence with no time on the clock (02:30-03:00 on Berlin spring forward)', () => {
    const vanished = event({ start_date: '2026-03-28', end_date: '2026-03-29', start_time: '02:30', end_time: '03:00', weekdays: EVERY_DAY });
    expect(expandEvent(vanished, BERLIN, month('2026-03-20T00:00:00Z'))).toEqual([
      occ('2026-03-28T01:30:00Z', '2026-03-28T02:00:00Z', '2026-03-28T02:30:00', '2026-03-28T03:00:00'),
    ]);
  });

  it('takes the earlier instant for an ambiguous fall-back time', () => {
    expect(
      expandEvent(event({ start_date: '2026-10-25', end_date: '2026-10-25', start_time: '02:30', end_time: '03:30' }), BERLIN, month('2026-10-20T00:00:00Z')),
    ).toEqual([occ('2026-10-25T00:30:00Z', '2026-10-25T02:30:00Z', '2026-10-25T02:30:00', '2026-10-25T03:30:00')]);
    expect(
      expandEvent(event({ start_date: '2026-11-01', end_date: '2026-11-01', start_time: '01:30', end_time: '02:30' }), NEW_YORK, month('2026-10-25T00:00:00Z')),
    ).toEqual([occ('2026-11-01T05:30:00Z', '2026-11-01T07:30:00Z', '2026-11-01T01:30:00', '2026-11-01T02:30:00')]);
  });
});

describe('expandEvent shapes', () => {
  it('covers the local day for an all-day event, 23 and 25 hours long on switch days', () => {
    const allDay = (date: string) => event({ start_date: date, end_date: date, start_time: '00:00', end_time: '00:00', all_day: true });
    expect(expandEvent(allDay('2026-03-29'), BERLIN, month('2026-03-20T00:00:00Z'))).toEqual([
      occ('2026-03-28T23:00:00Z', '2026-03-29T22:00:00Z', '2026-03-29T00:00:00', '2026-03-30T00:00:00'),
    ]);
    expect(expandEvent(allDay('2026-11-01'), NEW_YORK, month('2026-10-25T00:00:00Z'))).toEqual([
      occ('2026-11-01T04:00:00Z', '2026-11-02T05:00:00Z', '2026-11-01T00:00:00', '2026-11-02T00:00:00'),
    ]);
  });

  it('covers several local days for a multi-day all-day event, and each day for a repeating one', () => {
    expect(
      expandEvent(event({ start_date: '2026-06-05', end_date: '2026-06-07', all_day: true }), BERLIN, month('2026-06-01T00:00:00Z')),
    ).toEqual([occ('2026-06-04T22:00:00Z', '2026-06-07T22:00:00Z', '2026-06-05T00:00:00', '2026-06-08T00:00:00')]);
    expect(
      expandEvent(event({ start_date: '2026-06-05', end_date: '2026-06-07', all_day: true, weekdays: [6, 7] }), BERLIN, month('2026-06-01T00:00:00Z')),
    ).toEqual([
      occ('2026-06-05T22:00:00Z', '2026-06-06T22:00:00Z', '2026-06-06T00:00:00', '2026-06-07T00:00:00'),
      occ('2026-06-06T22:00:00Z', '2026-06-07T22:00:00Z', '2026-06-07T00:00:00', '2026-06-08T00:00:00'),
    ]);
  });

  it('repeats on Monday, Wednesday and Friday over two weeks', () => {
    const mwf = event({ start_date: '2026-06-01', end_date: '2026-06-14', start_time: '10:00', end_time: '11:00', weekdays: [5, 1, 3] });
    expect(expandEvent(mwf, BERLIN, { from: '2026-06-01T00:00:00Z', days: 14 })).toEqual(
      ['01', '03', '05', '08', '10', '12'].map((day) =>
        occ(`2026-06-${day}T08:00:00Z`, `2026-06-${day}T09:00:00Z`, `2026-06-${day}T10:00:00`, `2026-06-${day}T11:00:00`),
      ),
    );
  });

  it('ends a repeat the next day when end_time is at or before start_time', () => {
    const lateNight = event({ start_date: '2026-06-05', end_date: '2026-06-06', start_time: '22:00', end_time: '02:00', weekdays: [5, 6] });
    expect(expandEvent(lateNight, BERLIN, month('2026-06-01T00:00:00Z'))).toEqual([
      occ('2026-06-05T20:00:00Z', '2026-06-06T00:00:00Z', '2026-06-05T22:00:00', '2026-06-06T02:00:00'),
      occ('2026-06-06T20:00:00Z', '2026-06-07T00:00:00Z', '2026-06-06T22:00:00', '2026-06-07T02:00:00'),
    ]);
    const wholeDay = event({ start_date: '2026-06-05', end_date: '2026-06-05', start_time: '08:00', end_time: '08:00', weekdays: [5] });
    expect(expandEvent(wholeDay, BERLIN, month('2026-06-01T00:00:00Z'))).toEqual([
      occ('2026-06-05T06:00:00Z', '2026-06-06T06:00:00Z', '2026-06-05T08:00:00', '2026-06-06T08:00:00'),
    ]);
  });

  it('runs a night across the spring switch for one hour less (Berlin 22:00-04:00 on 2026-03-28)', () => {
    const night = event({ start_date: '2026-03-28', end_date: '2026-03-28', start_time: '22:00', end_time: '04:00', weekdays: [6] });
    expect(expandEvent(night, BERLIN, month('2026-03-20T00:00:00Z'))).toEqual([
      occ('2026-03-28T21:00:00Z', '2026-03-29T02:00:00Z', '2026-03-28T22:00:00', '2026-03-29T04:00:00'),
    ]);
  });

  it('spans from start date and time to end date and time without weekdays', () => {
    const weekend = event({ start_date: '2026-06-05', end_date: '2026-06-07', start_time: '18:00', end_time: '02:00' });
    expect(expandEvent(weekend, NEW_YORK, month('2026-06-01T00:00:00Z'))).toEqual([
      occ('2026-06-05T22:00:00Z', '2026-06-07T06:00:00Z', '2026-06-05T18:00:00', '2026-06-07T02:00:00'),
    ]);
  });
});

describe('window clipping', () => {
  const daily = event({ start_date: '2026-06-01', end_date: '2026-06-30', weekdays: EVERY_DAY });
  const june = (day: string) => occ(`2026-06-${day}T06:00:00Z`, `2026-06-${day}T07:00:00Z`, `2026-06-${day}T08:00:00`, `2026-06-${day}T09:00:00`);

  it('keeps an occurrence already on at the window start, with its true start, and one starting before the end', () => {
    expect(expandEvent(daily, BERLIN, { from: '2026-06-10T06:30:00Z', days: 2 })).toEqual([june('10'), june('11'), june('12')]);
  });

  it('drops an occurrence that ends at the window start or starts at its end', () => {
    expect(expandEvent(daily, BERLIN, { from: '2026-06-10T07:00:00Z', days: 2 })).toEqual([june('11'), june('12')]);
    expect(expandEvent(daily, BERLIN, { from: '2026-06-10T06:00:00Z', days: 2 })).toEqual([june('10'), june('11')]);
  });

  it('lists an overnight occurrence that began the local day before the window', () => {
    const night = event({ start_date: '2026-06-01', end_date: '2026-06-30', start_time: '22:00', end_time: '02:00', weekdays: EVERY_DAY });
    expect(expandEvent(night, BERLIN, { from: '2026-06-10T23:00:00Z', days: 1 })).toEqual([
      occ('2026-06-10T20:00:00Z', '2026-06-11T00:00:00Z', '2026-06-10T22:00:00', '2026-06-11T02:00:00'),
      occ('2026-06-11T20:00:00Z', '2026-06-12T00:00:00Z', '2026-06-11T22:00:00', '2026-06-12T02:00:00'),
    ]);
  });

  it('stays inside start_date..end_date and is empty outside it', () => {
    expect(expandEvent(daily, BERLIN, { from: '2026-06-29T12:00:00Z', days: 7 })).toEqual([june('30')]);
    expect(expandEvent(daily, BERLIN, { from: '2026-07-01T00:00:00Z', days: 7 })).toEqual([]);
  });

  it('counts window days as calendar days in the zone (167 hours across spring forward)', () => {
    const { from, until } = windowBounds({ from: '2026-03-25T12:00:00Z', days: 7 }, BERLIN);
    expect({ from: from.toString(), until: until.toString() }).toEqual({ from: '2026-03-25T12:00:00Z', until: '2026-04-01T11:00:00Z' });
  });
});

describe('play order and overlaps', () => {
  // Berlin in June is UTC+2: 08:00 local is 06:00Z.
  const day = { start_date: '2026-06-01', end_date: '2026-06-01' };
  const events = [
    event({ ...day, id: 4, start_time: '11:30', end_time: '12:30', priority: 1 }),
    event({ ...day, id: 1, start_time: '08:00', end_time: '12:00', priority: 1 }),
    event({ ...day, id: 6, start_time: '08:30', end_time: '09:00', priority: 0 }),
    event({ ...day, id: 2, start_time: '10:00', end_time: '11:00', priority: 5 }),
    event({ ...day, id: 3, start_time: '11:30', end_time: '13:00', priority: 1 }),
    event({ ...day, id: 5, start_time: '14:00', end_time: '15:00', priority: 0 }),
  ];
  const window = { from: '2026-06-01T00:00:00Z', days: 7 };

  it('lists occurrences by start, then higher priority, then event id', () => {
    const sameStart = [event({ ...day, id: 9, priority: 0 }), event({ ...day, id: 8, priority: 0 }), event({ ...day, id: 7, priority: 2 })];
    expect(expandEvents([...events, ...sameStart], BERLIN, window).map((o) => [o.event, o.local_start])).toEqual([
      [7, '2026-06-01T08:00:00'],
      [1, '2026-06-01T08:00:00'],
      [8, '2026-06-01T08:00:00'],
      [9, '2026-06-01T08:00:00'],
      [6, '2026-06-01T08:30:00'],
      [2, '2026-06-01T10:00:00'],
      [3, '2026-06-01T11:30:00'],
      [4, '2026-06-01T11:30:00'],
      [5, '2026-06-01T14:00:00'],
    ]);
  });

  it('gives the overlapped span to the higher priority and lets equal priorities take turns in event-id order', () => {
    const slot = (starts_at: string, ends_at: string, local_start: string, local_end: string, priority: number, ids: number[]) => ({
      starts_at,
      ends_at,
      local_start,
      local_end,
      priority,
      events: ids,
    });
    expect(resolvePlayback(expandEvents(events, BERLIN, window), BERLIN)).toEqual([
      slot('2026-06-01T06:00:00Z', '2026-06-01T08:00:00Z', '2026-06-01T08:00:00', '2026-06-01T10:00:00', 1, [1]),
      slot('2026-06-01T08:00:00Z', '2026-06-01T09:00:00Z', '2026-06-01T10:00:00', '2026-06-01T11:00:00', 5, [2]),
      slot('2026-06-01T09:00:00Z', '2026-06-01T09:30:00Z', '2026-06-01T11:00:00', '2026-06-01T11:30:00', 1, [1]),
      slot('2026-06-01T09:30:00Z', '2026-06-01T10:00:00Z', '2026-06-01T11:30:00', '2026-06-01T12:00:00', 1, [1, 3, 4]),
      slot('2026-06-01T10:00:00Z', '2026-06-01T10:30:00Z', '2026-06-01T12:00:00', '2026-06-01T12:30:00', 1, [3, 4]),
      slot('2026-06-01T10:30:00Z', '2026-06-01T11:00:00Z', '2026-06-01T12:30:00', '2026-06-01T13:00:00', 1, [3]),
      slot('2026-06-01T12:00:00Z', '2026-06-01T13:00:00Z', '2026-06-01T14:00:00', '2026-06-01T15:00:00', 0, [5]),
    ]);
  });

  it('resolves nothing to no slots', () => {
    expect(resolvePlayback([], BERLIN)).toEqual([]);
  });
});

describe('property: local start is the requested wall time unless it did not exist', () => {
  const ZONES = [BERLIN, NEW_YORK, 'Australia/Sydney', 'Australia/Lord_Howe', 'America/Santiago', 'Asia/Kolkata', 'Pacific/Chatham', 'UTC'];
  const pad = (n: number) => String(n).padStart(2, '0');
  const time = fc.tuple(fc.integer({ min: 0, max: 23 }), fc.integer({ min: 0, max: 59 })).map(([h, m]) => `${pad(h)}:${pad(m)}`);

  it('holds for weekly repeats in zones with and without switches', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...ZONES),
        fc.integer({ min: 0, max: 364 }),
        fc.integer({ min: 0, max: 20 }),
        time,
        time,
        fc.uniqueArray(fc.integer({ min: 1, max: 7 }), { minLength: 1, maxLength: 7 }),
        (zone, offset, length, start_time, end_time, weekdays) => {
          const first = Temporal.PlainDate.from('2026-01-01').add({ days: offset });
          const last = first.add({ days: length });
          const repeat = event({ start_date: first.toString(), end_date: last.toString(), start_time, end_time, weekdays });
          const from = first.subtract({ days: 2 }).toZonedDateTime({ timeZone: zone }).toInstant().toString();
          const found = expandEvent(repeat, zone, { from, days: length + 5 });
          for (const o of found) {
            const date = Temporal.PlainDateTime.from(o.local_start).toPlainDate();
            const requested = date.toPlainDateTime(Temporal.PlainTime.from(start_time));
            const back = Temporal.Instant.from(o.starts_at).toZonedDateTimeISO(zone).toPlainDateTime();
            expect(back.toString()).toBe(o.local_start);
            expect(weekdays).toContain(date.dayOfWeek);
            expect(Temporal.Instant.compare(o.ends_at, o.starts_at)).toBe(1);
            const exists = (() => {
              try {
                requested.toZonedDateTime(zone, { disambiguation: 'reject' });
                return true;
              } catch {
                return false;
              }
            })();
            if (exists) {
              expect(o.local_start).toBe(requested.toString());
            } else {
              const moved = requested.until(back, { largestUnit: 'minute' }).total('minute');
              expect(moved > 0 && moved <= 60).toBe(true);
            }
          }
          const dates = Array.from({ length: length + 1 }, (_, i) => first.add({ days: i })).filter((d) => weekdays.includes(d.dayOfWeek));
          expect(found.length).toBeLessThanOrEqual(dates.length);
          expect(found.length).toBeGreaterThanOrEqual(dates.length - 1);
        },
      ),
      { numRuns: 300, seed: 20261122 },
    );
  });
});
