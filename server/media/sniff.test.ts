import { describe, expect, it } from 'vitest';
import { sniff } from './sniff.ts';

const bytes = (...parts: (string | number[])[]) =>
  Buffer.concat([...parts.map((p) => (typeof p === 'string' ? Buffer.from(p, 'latin1') : Buffer.from(p))), Buffer.alloc(400)]);

describe('sniff', () => {
  it.each([
    ['JPEG', bytes([0xff, 0xd8, 0xff, 0xe0]), { kind: 'image', ext: 'jpg', mime: 'image/jpeg' }],
    ['PNG', bytes([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), { kind: 'image', ext: 'png', mime: 'image/png' }],
    ['GIF', bytes('GIF89a'), { kind: 'image', ext: 'gif', mime: 'image/gif' }],
    ['WebP', bytes('RIFF', [0, 0, 0, 0], 'WEBPVP8 '), { kind: 'image', ext: 'webp', mime: 'image/webp' }],
    ['MP4', bytes([0, 0, 0, 0x18], 'ftypisom'), { kind: 'video', ext: 'mp4', mime: 'video/mp4' }],
    ['QuickTime', bytes([0, 0, 0, 0x14], 'ftypqt  '), { kind: 'video', ext: 'mov', mime: 'video/quicktime' }],
    ['WebM', bytes([0x1a, 0x45, 0xdf, 0xa3], 'B\x82\x84webm'), { kind: 'video', ext: 'webm', mime: 'video/webm' }],
    ['Matroska', bytes([0x1a, 0x45, 0xdf, 0xa3], 'B\x82\x88matroska'), { kind: 'video', ext: 'mkv', mime: 'video/x-matroska' }],
    ['AVI', bytes('RIFF', [0, 0, 0, 0], 'AVI LIST'), { kind: 'video', ext: 'avi', mime: 'video/x-msvideo' }],
    ['MPEG-PS', bytes([0, 0, 1, 0xba]), { kind: 'video', ext: 'mpg', mime: 'video/mpeg' }],
  ])('recognises %s', (_name, head, expected) => {
    expect(sniff(head)).toEqual(expected);
  });

  it('recognises MPEG-TS by the sync byte repeating every 188 bytes', () => {
    const head = Buffer.alloc(400);
    head[0] = 0x47;
    head[188] = 0x47;
    expect(sniff(head)).toEqual({ kind: 'video', ext: 'ts', mime: 'video/mp2t' });
    head[188] = 0;
    expect(sniff(head)).toBeNull();
  });

  it.each([
    ['text', bytes('hello, this is text')],
    ['PDF', bytes('%PDF-1.7')],
    ['ZIP', bytes('PK', [3, 4])],
    ['HEIC still image', bytes([0, 0, 0, 0x18], 'ftypheic')],
    ['M4A audio', bytes([0, 0, 0, 0x18], 'ftypM4A ')],
    ['an empty file', Buffer.alloc(0)],
  ])('refuses %s', (_name, head) => {
    expect(sniff(head)).toBeNull();
  });
});
