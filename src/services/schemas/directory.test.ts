import { describe, expect, it } from 'vitest';
import { is } from 'superstruct';
import { formatQueryValue, parseQueryValue, QueryValue } from './directory.ts';

describe('Directory value "width x height @ fps=number @ x264 or hevc"', () => {
  it.each([
    ['1920 x 1080 @ fps=30 @ x264', { width: 1920, height: 1080, fps: 30, codec: 'x264' }],
    ['3840x2160@fps=25@HEVC', { width: 3840, height: 2160, fps: 25, codec: 'hevc' }],
    ['  720 X 1280 @ fps = 29.97 @ x264 ', { width: 720, height: 1280, fps: 29.97, codec: 'x264' }],
  ])('reads "%s"', (value, preset) => {
    expect(parseQueryValue(value)).toEqual(preset);
    expect(is(value, QueryValue)).toBe(true);
  });

  it.each(['', '1920x1080', '1920 x 1080 @ fps=30 @ vp9', '1921 x 1080 @ fps=30 @ x264', '1920 x 1080 @ fps=121 @ x264', '7682 x 1080 @ fps=30 @ x264'])(
    'refuses "%s"',
    (value) => {
      expect(parseQueryValue(value)).toBeNull();
      expect(is(value, QueryValue)).toBe(false);
    },
  );

  it('spells a preset canonically', () => {
    expect(formatQueryValue(parseQueryValue('1280x720@fps=50@HEVC')!)).toBe('1280 x 720 @ fps=50 @ hevc');
  });
});
