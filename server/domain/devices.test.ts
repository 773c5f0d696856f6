import { describe, expect, it } from 'vitest';
import { configContentError, defaultConfigFiles, likePattern, sameKey, sniffImageType } from './devices.ts';

describe('device domain rules', () => {
  it('recognises PNG, JPEG and WebP by their first bytes, nothing else', () => {
    expect(sniffImageType(Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0]))).toBe('image/png');
    expect(sniffImageType(Uint8Array.from([0xff, 0xd8, 0xff, 0xe1]))).toBe('image/jpeg');
    expect(sniffImageType(new TextEncoder().encode('RIFF\u0000\u0000\u0000\u0000WEBPVP8 '))).toBe('image/webp');
    expect(sniffImageType(new TextEncoder().encode('RIFF\u0000\u0000\u0000\u0000WAVEfmt '))).toBeNull();
    expect(sniffImageType(new TextEncoder().encode('GIF89a'))).toBeNull();
    expect(sniffImageType(new Uint8Array())).toBeNull();
  });

  it('escapes LIKE wildcards so a search matches literally', () => {
    expect(likePattern('50%_off\\')).toBe('%50\\%\\_off\\\\%');
  });

  it('keeps .json configs valid JSON and lets other files hold any text', () => {
    expect(configContentError('/etc/vitrine/player.json', '{"a": 1}')).toBeNull();
    expect(configContentError('/etc/vitrine/player.json', '{a: 1}')).toBe('invalid_json');
    expect(configContentError('/etc/vitrine/display.conf', '{a: 1}')).toBeNull();
  });

  it('generates the default config files of each profile, oriented by the position', () => {
    const standard = defaultConfigFiles('standard', { sn: 'S1', position: 'vertical' });
    expect(standard.map((f) => f.path)).toEqual(['/etc/vitrine/player.json', '/etc/vitrine/display.conf']);
    expect(JSON.parse(standard[0]!.content)).toEqual({ serial: 'S1', heartbeat_seconds: 30, orientation: 'portrait', volume: 50, cache_mb: 2048, touch: false });
    expect(standard[1]!.content).toContain('rotation=90');
    expect(JSON.parse(defaultConfigFiles('kiosk', { sn: 'S2', position: 'horizontal' })[0]!.content)).toMatchObject({ touch: true, volume: 0, orientation: 'landscape' });
    expect(defaultConfigFiles('videowall', { sn: 'S3', position: 'unknown' }).map((f) => f.name)).toEqual(['player.json', 'display.conf', 'wall.json']);
  });

  it('compares keys exactly', () => {
    expect(sameKey('abc', 'abc')).toBe(true);
    expect(sameKey('abc', 'abd')).toBe(false);
    expect(sameKey('abc', 'abcd')).toBe(false);
  });
});
