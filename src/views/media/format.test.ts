import { describe, expect, it } from 'vitest';
import { formatDuration, mediaErrorKey } from './format.ts';

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
});
