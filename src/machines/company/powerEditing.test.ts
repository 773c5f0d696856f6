import { describe, expect, it } from 'vitest';
import { addException, addSpan, copyToAllDays, defaultWeek, powerErrorNames, powerFieldErrors, removeSpan, scheduleOf, serverPowerErrors, setSpan } from './powerEditing.ts';

describe('the power editor changes', () => {
  it('adds a span after the last one, the default on an empty day, and none past six', () => {
    expect(addSpan([])).toEqual([{ on: '08:00', off: '20:00' }]);
    expect(addSpan([{ on: '08:00', off: '12:00' }])).toEqual([{ on: '08:00', off: '12:00' }, { on: '13:00', off: '14:00' }]);
    expect(addSpan([{ on: '08:00', off: '23:30' }]).at(-1)).toEqual({ on: '23:00', off: '24:00' });
    const six = Array.from({ length: 6 }, (_, i) => ({ on: `0${i}:00`, off: `0${i}:30` }));
    expect(addSpan(six)).toEqual(six);
  });

  it('edits, removes and copies spans to every weekday', () => {
    const week = defaultWeek();
    const monday = setSpan(week[0]!, 0, 'on', '06:00');
    expect(monday).toEqual([{ on: '06:00', off: '20:00' }]);
    expect(removeSpan(monday, 0)).toEqual([]);
    const copied = copyToAllDays([monday, ...week.slice(1)], 0);
    expect(copied.every((day) => day.length === 1 && day[0]!.on === '06:00')).toBe(true);
    copied[1]![0]!.on = '07:00';
    expect(copied[0]![0]!.on).toBe('06:00');
  });

  it('keeps exceptions one per date, in date order, off all day when added', () => {
    const one = addException([], '2026-12-31');
    const two = addException(one, '2026-12-25');
    expect(two).toEqual([{ date: '2026-12-25', spans: [] }, { date: '2026-12-31', spans: [] }]);
    expect(addException(two, '2026-12-25')).toEqual(two);
    expect(addException(two, '')).toEqual(two);
  });

  it("checks only hours that are sent, and puts the server's places where the editor shows them", () => {
    const week = defaultWeek();
    week[2] = [{ on: '09:00', off: '12:00' }, { on: '11:00', off: '13:00' }];
    expect(powerFieldErrors({ mode: 'always_on', week, exceptions: [] })).toEqual({});
    expect(powerFieldErrors({ mode: 'hours', week, exceptions: [] })).toEqual({ 'week.2.1.on': 'power_spans_overlap' });
    expect(scheduleOf({ mode: 'office', week, exceptions: [] })).toBeNull();
    expect(serverPowerErrors('power_time_invalid', { 'schedule.exceptions.0.spans.1.off': 'invalid' })).toEqual({ 'exceptions.0.spans.1.off': 'power_time_invalid' });
    expect(powerErrorNames('week')).toContain('week.6.6.off');
    expect(powerErrorNames('exceptions')).toContain('exceptions.60.date');
    expect(powerErrorNames('mode')).toEqual(['mode']);
  });
});
