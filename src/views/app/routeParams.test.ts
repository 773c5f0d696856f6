import { describe, expect, it } from 'vitest';
import { routeIdsValid } from './routeParams.ts';

describe('routeIdsValid', () => {
  it('accepts positive decimal ids within int32 and parameters that are not ids', () => {
    expect([routeIdsValid({ deviceId: '1' }), routeIdsValid({ mediaId: '2147483647' }), routeIdsValid({}), routeIdsValid({ '*': 'abc' })]).toEqual([true, true, true, true]);
  });

  it('refuses anything else, which would have asked the API for /tvpi/devices/NaN', () => {
    const refused = ['abc', '0', '-1', '1.5', '1e3', '01', ' 1', '2147483648', '99999999999', '', '١'];
    expect(refused.filter((value) => routeIdsValid({ deviceId: value }))).toEqual([]);
    expect(routeIdsValid({ campaignId: '3', deviceId: 'x' })).toBe(false);
  });
});
