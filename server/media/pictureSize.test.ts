import { describe, expect, it } from 'vitest';
import { hugePng } from '../../tests/helpers/hugePng.ts';
import { fitsLimit, pictureSize } from './pictureSize.ts';

const le = (value: number, bytes: number) => Buffer.from(Array.from({ length: bytes }, (_, i) => (value >>> (8 * i)) & 0xff));
const be16 = (value: number) => Buffer.from([value >> 8, value & 0xff]);

describe('pictureSize', () => {
  it('reads a PNG from its IHDR: a 16000 x 16000 PNG of a few KB', () => {
    const png = hugePng(16000, 16000);
    expect(png.length).toBeLessThan(1_000_000);
    expect(pictureSize(png.subarray(0, 64))).toEqual({ width: 16000, height: 16000 });
  });

  it('reads GIF, the three WebP kinds and a JPEG whose frame header follows its metadata', () => {
    expect(pictureSize(Buffer.concat([Buffer.from('GIF89a'), le(640, 2), le(480, 2), Buffer.alloc(4)]))).toEqual({ width: 640, height: 480 });
    const riff = (chunk: string, body: Buffer) => Buffer.concat([Buffer.from('RIFF'), le(100, 4), Buffer.from('WEBP'), Buffer.from(chunk), le(body.length, 4), body, Buffer.alloc(16)]);
    expect(pictureSize(riff('VP8X', Buffer.concat([Buffer.alloc(4), le(9999, 3), le(4999, 3)])))).toEqual({ width: 10000, height: 5000 });
    expect(pictureSize(riff('VP8L', Buffer.concat([Buffer.from([0x2f]), le((1919) | (1079 << 14), 4)])))).toEqual({ width: 1920, height: 1080 });
    expect(pictureSize(riff('VP8 ', Buffer.concat([Buffer.alloc(3), Buffer.from([0x9d, 0x01, 0x2a]), le(800, 2), le(600, 2)])))).toEqual({ width: 800, height: 600 });
    const app1 = Buffer.concat([Buffer.from([0xff, 0xe1]), be16(2 + 60_000), Buffer.alloc(60_000)]);
    const sof = Buffer.concat([Buffer.from([0xff, 0xc2]), be16(17), Buffer.from([8]), be16(4320), be16(7681), Buffer.alloc(10)]);
    expect(pictureSize(Buffer.concat([Buffer.from([0xff, 0xd8]), app1, sof]))).toEqual({ width: 7681, height: 4320 });
    // The frame header beyond what was kept: unknown, the caller asks ffprobe.
    expect(pictureSize(Buffer.concat([Buffer.from([0xff, 0xd8]), app1]))).toBeNull();
    expect(pictureSize(Buffer.from('not a picture at all, just words'))).toBeNull();
  });

  it('holds media to 8K either way round and layouts and photos to 8192 x 8192', () => {
    expect(fitsLimit({ width: 7680, height: 4320 }, 'media')).toBe(true);
    expect(fitsLimit({ width: 4320, height: 7680 }, 'media')).toBe(true);
    expect(fitsLimit({ width: 7681, height: 4320 }, 'media')).toBe(false);
    expect(fitsLimit({ width: 5000, height: 5000 }, 'media')).toBe(false);
    expect(fitsLimit({ width: 8192, height: 8192 }, 'image')).toBe(true);
    expect(fitsLimit({ width: 8193, height: 10 }, 'image')).toBe(false);
  });
});
