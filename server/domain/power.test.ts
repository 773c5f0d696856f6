import { describe, expect, it } from 'vitest';
import { powerProblems, type PowerSchedule } from '../../src/services/schemas/power.ts';
import { onSince, powerOffAt, powerWindows } from './power.ts';

const week = (...days: [string, string][][]): PowerSchedule['week'] => days.map((spans) => spans.map(([on, off]) => ({ on, off })));
const everyDay = (spans: [string, string][]) => week(spans, spans, spans, spans, spans, spans, spans);

describe('powerWindows: on spans as instants, by the events daylight-saving rule', () => {
  it('keeps 08:00-20:00 local across the spring switch in Berlin (last Sunday of March 2026)', () => {
    const power = powerWindows({ week: everyDay([['08:00', '20:00']]), exceptions: [] }, 'Europe/Berlin', { from: '2026-03-27T23:00:00Z', days: 3 });
    expect(power).toEqual([
      { on: '2026-03-28T07:00:00Z', off: '2026-03-28T19:00:00Z' },
      { on: '2026-03-29T06:00:00Z', off: '2026-03-29T18:00:00Z' },
      { on: '2026-03-30T06:00:00Z', off: '2026-03-30T18:00:00Z' },
    ]);
  });

  it('moves a time the spring switch skips forward by the gap, and leaves out a span wholly inside it', () => {
    const window = { from: '2026-03-28T23:00:00Z', days: 1 };
    const sunday = (spans: [string, string][]) => ({ week: week([], [], [], [], [], [], spans), exceptions: [] });
    // 02:30 does not exist on 2026-03-29: it is 03:30 summer time (01:30Z).
    expect(powerWindows(sunday([['02:30', '06:00']]), 'Europe/Berlin', window)).toEqual([{ on: '2026-03-29T01:30:00Z', off: '2026-03-29T04:00:00Z' }]);
    // 02:30-03:00 has no time on the clock that day (its start moves to 03:30, after its end), as an event's would not.
    expect(powerWindows(sunday([['00:00', '01:00'], ['02:30', '03:00'], ['04:00', '06:00']]), 'Europe/Berlin', window)).toEqual([
      { on: '2026-03-28T23:00:00Z', off: '2026-03-29T00:00:00Z' },
      { on: '2026-03-29T02:00:00Z', off: '2026-03-29T04:00:00Z' },
    ]);
  });

  it('takes the earlier instant of a time the autumn switch repeats, and a whole day lasts 25 hours (25 October 2026)', () => {
    const sunday: [string, string][] = [['02:30', '05:00']];
    const power = powerWindows({ week: week([], [], [], [], [], [], sunday), exceptions: [{ date: '2026-10-24', spans: [['00:00', '24:00']].map(([on, off]) => ({ on: on!, off: off! })) }] }, 'Europe/Berlin', { from: '2026-10-23T22:00:00Z', days: 2 });
    // Saturday 00:00-24:00 local is 22:00Z to 22:00Z; Sunday's 02:30 is the summer one (00:30Z), 05:00 winter (04:00Z).
    expect(power).toEqual([
      { on: '2026-10-23T22:00:00Z', off: '2026-10-24T22:00:00Z' },
      { on: '2026-10-25T00:30:00Z', off: '2026-10-25T04:00:00Z' },
    ]);
    const fullSunday = powerWindows({ week: everyDay([['00:00', '24:00']]), exceptions: [] }, 'Europe/Berlin', { from: '2026-10-24T22:00:00Z', days: 1 });
    expect(fullSunday).toEqual([{ on: '2026-10-24T22:00:00Z', off: '2026-10-25T23:00:00Z' }]);
  });

  it('merges spans that touch across midnight, applies a holiday exception, and answers null for always on', () => {
    const schedule: PowerSchedule = {
      week: everyDay([['00:00', '02:00'], ['18:00', '24:00']]),
      exceptions: [{ date: '2026-12-25', spans: [] }],
    };
    expect(powerWindows(schedule, 'UTC', { from: '2026-12-23T00:00:00Z', days: 3 })).toEqual([
      { on: '2026-12-23T00:00:00Z', off: '2026-12-23T02:00:00Z' },
      { on: '2026-12-23T18:00:00Z', off: '2026-12-24T02:00:00Z' },
      { on: '2026-12-24T18:00:00Z', off: '2026-12-25T00:00:00Z' },
    ]);
    expect(powerWindows(null, 'UTC', { from: '2026-12-23T00:00:00Z', days: 3 })).toBeNull();
  });

  it('says off between spans inside the window only, and when the current span began', () => {
    const power = [{ on: '2026-01-01T08:00:00Z', off: '2026-01-01T20:00:00Z' }];
    const at = (iso: string) => Date.parse(iso);
    expect(powerOffAt(power, '2026-01-02T00:00:00Z', at('2026-01-01T07:59:00Z'))).toBe(true);
    expect(powerOffAt(power, '2026-01-02T00:00:00Z', at('2026-01-01T08:00:00Z'))).toBe(false);
    expect(powerOffAt(power, '2026-01-02T00:00:00Z', at('2026-01-01T20:00:00Z'))).toBe(true);
    expect(powerOffAt(power, '2026-01-02T00:00:00Z', at('2026-01-02T01:00:00Z'))).toBe(false);
    expect(powerOffAt(null, '2026-01-02T00:00:00Z', at('2026-01-01T21:00:00Z'))).toBe(false);
    expect(onSince(power, at('2026-01-01T09:00:00Z'))).toBe(at('2026-01-01T08:00:00Z'));
    expect(onSince(power, at('2026-01-01T21:00:00Z'))).toBeNull();
  });
});

describe('powerProblems: the rules the API and the editor share', () => {
  const schedule = (days: PowerSchedule['week'], exceptions: PowerSchedule['exceptions'] = []): PowerSchedule => ({ week: days, exceptions });
  it.each([
    [schedule(everyDay([['08:00', '20:00']])), null],
    [schedule(everyDay([['08:00', '12:00'], ['12:00', '24:00']])), null],
    [schedule(week([['08:00', '25:00']], [], [], [], [], [], [])), { code: 'power_time_invalid', fields: { 'week.0.0.off': 'invalid' } }],
    [schedule(week([], [['24:00', '24:00']], [], [], [], [], [])), { code: 'power_time_invalid', fields: { 'week.1.0.on': 'invalid' } }],
    [schedule(week([], [['8:00', '10:00']], [], [], [], [], [])), { code: 'power_time_invalid', fields: { 'week.1.0.on': 'invalid' } }],
    [schedule(week([], [], [['10:00', '09:00']], [], [], [], [])), { code: 'power_span_empty', fields: { 'week.2.0.off': 'before_on' } }],
    [schedule(week([], [], [], [['12:00', '18:00'], ['08:00', '12:30']], [], [], [])), { code: 'power_spans_overlap', fields: { 'week.3.0.on': 'overlap' } }],
    [schedule(week([], [], [], [], Array.from({ length: 7 }, (_, i) => [`0${i}:00`, `0${i}:30`] as [string, string]), [], [])), { code: 'power_too_many_spans', fields: { 'week.4': 'too_many' } }],
    [schedule(everyDay([]), [{ date: '2026-02-30', spans: [] }]), { code: 'power_date_invalid', fields: { 'exceptions.0.date': 'invalid' } }],
    [schedule(everyDay([]), [{ date: '2026-12-25', spans: [] }, { date: '2026-12-25', spans: [] }]), { code: 'power_exception_duplicate', fields: { 'exceptions.1.date': 'duplicate' } }],
    [schedule(everyDay([]), Array.from({ length: 61 }, (_, i) => ({ date: `2027-01-01`.replace('01-01', `${String(1 + Math.floor(i / 28)).padStart(2, '0')}-${String(1 + (i % 28)).padStart(2, '0')}`), spans: [] }))), { code: 'power_too_many_exceptions', fields: { exceptions: 'too_many' } }],
  ])('%#', (input, expected) => {
    expect(powerProblems(input)).toEqual(expected);
  });
});
