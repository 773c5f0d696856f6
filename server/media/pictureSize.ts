import { ApiError, badRequest } from '../errors.ts';
import { probe } from './ffmpeg.ts';
import { fitsImageLimit, fitsMediaLimit, MAX_IMAGE_SIDE, MAX_MEDIA_LONG_SIDE, MAX_MEDIA_SHORT_SIDE } from '../../src/services/schemas/media.ts';

/** Leading bytes kept of an upload to read its picture size from (a JPEG's frame header follows its metadata segments). */
export const HEADER_BYTES = 256 * 1024;

export interface PictureSize {
  width: number;
  height: number;
}

/**
 * The width and height a PNG (IHDR), GIF (logical screen), WebP (VP8, VP8L, VP8X) or JPEG (first SOFn frame header)
 * declares in its first bytes, without decoding anything; null when `head` is none of these or ends before the size.
 */
export function pictureSize(head: Buffer): PictureSize | null {
  if (head.length >= 24 && head.readUInt32BE(0) === 0x89504e47 && head.toString('latin1', 12, 16) === 'IHDR') {
    return { width: head.readUInt32BE(16), height: head.readUInt32BE(20) };
  }
  if (head.length >= 10 && /^GIF8[79]a$/.test(head.toString('latin1', 0, 6))) return { width: head.readUInt16LE(6), height: head.readUInt16LE(8) };
  if (head.length >= 30 && head.toString('latin1', 0, 4) === 'RIFF' && head.toString('latin1', 8, 12) === 'WEBP') return webpSize(head);
  if (head.length >= 4 && head[0] === 0xff && head[1] === 0xd8) return jpegSize(head);
  return null;
}

function webpSize(head: Buffer): PictureSize | null {
  const chunk = head.toString('latin1', 12, 16);
  if (chunk === 'VP8X') return { width: 1 + head.readUIntLE(24, 3), height: 1 + head.readUIntLE(27, 3) };
  if (chunk === 'VP8L' && head[20] === 0x2f) {
    const bits = head.readUInt32LE(21);
    return { width: 1 + (bits & 0x3fff), height: 1 + ((bits >>> 14) & 0x3fff) };
  }
  if (chunk === 'VP8 ' && head[23] === 0x9d && head[24] === 0x01 && head[25] === 0x2a) {
    return { width: head.readUInt16LE(26) & 0x3fff, height: head.readUInt16LE(28) & 0x3fff };
  }
  return null;
}

/** Start-of-frame markers (C0-CF but DHT C4, JPG C8 and DAC CC), whose segment holds the frame's height and width. */
const isStartOfFrame = (marker: number) => marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc;

function jpegSize(head: Buffer): PictureSize | null {
  let at = 2;
  while (at + 4 <= head.length) {
    if (head[at] !== 0xff) return null;
    const marker = head[at + 1]!;
    // Fill bytes, and markers without a length (TEM, RSTn).
    if (marker === 0xff) {
      at += 1;
      continue;
    }
    if (marker === 0x01 || (marker >= 0xd0 && marker <= 0xd7)) {
      at += 2;
      continue;
    }
    if (marker === 0xd9 || marker === 0xda) return null;
    if (isStartOfFrame(marker)) {
      if (at + 9 > head.length) return null;
      return { width: head.readUInt16BE(at + 7), height: head.readUInt16BE(at + 5) };
    }
    at += 2 + head.readUInt16BE(at + 2);
  }
  return null;
}

/** Which limit a picture is held to: media (8K either way round) or a layout or photo (8192 x 8192). */
export type PictureLimit = 'media' | 'image';

export function fitsLimit(size: PictureSize, limit: PictureLimit): boolean {
  return limit === 'media' ? fitsMediaLimit(size.width, size.height) : fitsImageLimit(size.width, size.height);
}

/** The limit in words, for an error's detail. */
export function limitText(limit: PictureLimit): string {
  return limit === 'media' ? `${MAX_MEDIA_LONG_SIDE} x ${MAX_MEDIA_SHORT_SIDE} (8K, either way round)` : `${MAX_IMAGE_SIDE} x ${MAX_IMAGE_SIDE}`;
}

/** The 400 a picture over its limit answers: code `dimensions_too_large`, the field named. */
export function dimensionsTooLarge(size: PictureSize, limit: PictureLimit, field: string): ApiError {
  return badRequest('dimensions_too_large', `The picture is ${size.width} x ${size.height} pixels; at most ${limitText(limit)} is accepted.`, { [field]: 'dimensions_too_large' });
}

/**
 * Holds a received picture to its limit before anything decodes it: the size its header declares, else (a JPEG whose
 * frame header lies deeper, a video) the size ffprobe reads from the stream info of `localFile`, which decodes no frame.
 * A file ffprobe cannot read passes here: the caller's own checks (or the media probe job) say what is wrong with it.
 */
export async function checkPicture(head: Buffer, localFile: () => Promise<{ path: string; release: () => Promise<void> }>, kind: 'image' | 'video', limit: PictureLimit, field: string): Promise<void> {
  let size = kind === 'image' ? pictureSize(head) : null;
  if (!size) {
    const copy = await localFile();
    try {
      const probed = await probe(copy.path, kind, AbortSignal.timeout(60_000)).catch(() => null);
      if (probed?.width && probed.height) size = { width: probed.width, height: probed.height };
    } finally {
      await copy.release();
    }
  }
  if (size && !fitsLimit(size, limit)) throw dimensionsTooLarge(size, limit, field);
}
