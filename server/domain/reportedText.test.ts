import { describe, expect, it } from 'vitest';
import { parse } from '../errors.ts';
import { stripUnsafeCharacters } from '../../src/services/schemas/common.ts';
import { PlayerHeartbeatBody, PlayerHelloBody } from '../../src/services/schemas/devices.ts';

const credentials = { serial: 'SN-1', key: 'k' };
const skip = (detail: string) => ({ media: 3, kind: 'decode', count: 2, last_at: '2031-01-01T00:00:00.000Z', detail });

describe('free text a player reports about playback (issue 24, 26.7)', () => {
  it('strips control and bidi characters from a skip detail; a line break becomes a space', () => {
    expect(stripUnsafeCharacters('bad\u202Eevil\u0007 frame\r\nat 3 s\u2066\u0000')).toBe('badevil frame  at 3 s');
    expect(stripUnsafeCharacters('Ошибка декодера: tab\tkept')).toBe('Ошибка декодера: tab\tkept');
  });

  it('a heartbeat with such a detail is not refused: the parsed body carries the stripped text', () => {
    const body = { ...credentials, playback_errors: [skip('DECODE\u202E\u0007 failed\nhere')] };
    expect(PlayerHeartbeatBody.validate(body)[0]).toBeDefined();
    expect(parse(PlayerHeartbeatBody, body).playback_errors).toEqual([skip('DECODE failed here')]);
  });

  it('a clean detail passes as sent, and one longer than 300 characters after stripping is refused', () => {
    const clean = { ...credentials, playback_errors: [skip('MEDIA_ERR_SRC_NOT_SUPPORTED')] };
    expect(PlayerHeartbeatBody.validate(clean)).toEqual([undefined, clean]);
    expect(() => parse(PlayerHeartbeatBody, { ...credentials, playback_errors: [skip('x'.repeat(301))] })).toThrow(/invalid fields/);
    expect(parse(PlayerHeartbeatBody, { ...credentials, playback_errors: [skip(`${'x'.repeat(300)}\u0007`)] }).playback_errors?.[0]?.detail).toBe('x'.repeat(300));
  });

  it('capability strings are words from fixed lists: anything else is refused at hello and heartbeat', () => {
    for (const capabilities of [{ codecs: ['h264\u202E'] }, { codecs: ['h264'], images: ['png\u0007'] }, { codecs: [], screen: { width: 1920, height: 1080, orientation: 'landscape\u200F' } }]) {
      expect(() => parse(PlayerHeartbeatBody, { ...credentials, capabilities })).toThrow(/invalid fields/);
      expect(() => parse(PlayerHelloBody, { serial: 'SN-1', capabilities })).toThrow(/invalid fields/);
    }
    expect(parse(PlayerHeartbeatBody, { ...credentials, capabilities: { codecs: ['h264', 'vp9'] } }).capabilities).toEqual({ codecs: ['h264', 'vp9'] });
  });
});
