import { I18n } from '../../i18n.ts';
import { describe, expect, it } from 'vitest';
import en from '../../../locales/en/media.json' with { type: 'json' };
import ru from '../../../locales/ru/media.json' with { type: 'json' };
import { formatDuration, formatMb, mediaErrorKey } from './format.ts';

describe('media formatting', () => {
  it('writes durations as a clock', () => {
    expect(formatDuration(2, '—')).toBe('0:02');
    expect(formatDuration(65.4, '—')).toBe('1:05');
    expect(formatDuration(3723, '—')).toBe('1:02:03');
    expect(formatDuration(null, '—')).toBe('—');
  });

  it('maps error codes to the media messages first, then the common ones', () => {
    expect(mediaErrorKey('invalid_content_format')).toBe('media:errors.invalid_content_format');
    expect(mediaErrorKey('file_too_large')).toBe('media:errors.file_too_large');
    expect(mediaErrorKey('forbidden')).toBe('common:errors.forbidden');
    expect(mediaErrorKey('http_502', 'media:messages.addError')).toBe('media:messages.addError');
    expect(mediaErrorKey(null)).toBe('common:errors.generic');
  });

  it('writes sizes in MB to two decimals, and a file under 0.01 MB as "< 0.01 MB" rather than "0 MB"', async () => {
    const i18n = new I18n({ lng: 'en', ns: ['media'], resources: { en: { media: en }, ru: { media: ru } }, load: null });
    const sizes = (language: string) => [0.003, 0.0099, 0.01, 1.234, 0].map((mb) => formatMb(mb, language, i18n.getFixedT(language)));
    expect(sizes('en')).toEqual(['< 0.01 MB', '< 0.01 MB', '0.01 MB', '1.23 MB', '0 MB']);
    expect(sizes('ru')).toEqual(['< 0,01 МБ', '< 0,01 МБ', '0,01 МБ', '1,23 МБ', '0 МБ']);
  });
});
