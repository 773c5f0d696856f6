import { describe, expect, it } from 'vitest';
import { wallClock } from './deviceSheet.ts';

describe('wallClock', () => {
  it('writes an instant as the clock in the zone shows it, across a daylight-saving change and in odd offsets', () => {
    const at = (iso: string, zone: string) => wallClock(new Date(iso), zone).toISOString().slice(0, 19);
    // Berlin moves from +1 to +2 at 01:00 UTC on 29 March 2026.
    expect([at('2026-03-29T00:59:59Z', 'Europe/Berlin'), at('2026-03-29T01:00:00Z', 'Europe/Berlin')]).toEqual(['2026-03-29T01:59:59', '2026-03-29T03:00:00']);
    expect([at('2026-11-22T09:05:00Z', 'Europe/Moscow'), at('2026-11-22T09:05:00Z', 'Asia/Kathmandu'), at('2026-11-22T09:05:00Z', 'UTC')]).toEqual([
      '2026-11-22T12:05:00',
      '2026-11-22T14:50:00',
      '2026-11-22T09:05:00',
    ]);
  });
});
