import { describe, expect, it } from 'vitest';
import { ApiInstant, instantTime, isApiInstant } from './common.ts';
import { isTimestamp } from './playback.ts';

/* The API's one instant rule (issue 35.13, 35.16; docs/api.md, "Instants"). */
describe('the instant rule', () => {
  it.each([
    ['2026-11-26T21:00:00+03:00', Date.UTC(2026, 10, 26, 18)],
    ['2026-11-26T18:00Z', Date.UTC(2026, 10, 26, 18)],
    ['2028-02-29T10:00:00.123456789+14:00', Date.UTC(2028, 1, 28, 20, 0, 0, 123)],
    ['2027-01-01T00:00:00-14:00', Date.UTC(2027, 0, 1, 14)],
  ])('takes %s', (value, time) => {
    expect(instantTime(value)).toBe(time);
    expect(isApiInstant(value)).toBe(true);
    expect(ApiInstant().is(value)).toBe(true);
  });

  it.each([
    ['2027-02-30T12:00:00Z', 'pattern'],
    ['2027-04-31T12:00:00Z', 'pattern'],
    ['2027-02-29T12:00:00Z', 'pattern'],
    ['2027-06-01T12:00:00+16:00', 'pattern'],
    ['2027-06-01T12:00:00+14:01', 'pattern'],
    ['2027-06-01T12:00:00+02:60', 'pattern'],
    ['2027-06-01T24:00:00Z', 'pattern'],
    ['2027-06-01T12:60:00Z', 'pattern'],
    ['2027-06-01T12:00:60Z', 'pattern'],
    ['2027-06-01T12:00:00', 'pattern'],
    ['2027-06-01T12:00:00+0200', 'pattern'],
    ['2027-02-30', 'pattern'],
    ['+010000-01-01T00:00:00Z', 'pattern'],
    ['9999-12-31T23:59:59-14:00', 'max'],
    ['9999-12-31T00:00:00Z', 'max'],
    ['0001-01-01T23:59:59Z', 'max'],
  ])('refuses %s (refinement %s)', (value, refinement) => {
    expect(isApiInstant(value)).toBe(false);
    expect(ApiInstant().validate(value)[0]?.refinement).toBe(refinement);
  });

  it('keeps the players\' timestamps to the rule and the years 2000 to 9999', () => {
    expect(isTimestamp('2027-06-01T12:00:00+14:00')).toBe(true);
    for (const value of ['2027-02-30T12:00:00Z', '2027-04-31T12:00:00Z', '2027-06-01T12:00:00+16:00', '1999-12-31T23:59:59Z', '9999-12-31T23:59:59-14:00']) {
      expect(isTimestamp(value), value).toBe(false);
    }
  });
});
