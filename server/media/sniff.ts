import type { MediaKind } from '../../src/services/schemas/media.ts';

export interface SniffedType {
  kind: MediaKind;
  /** Extension of the stored source, from a fixed list (never from the client). */
  ext: string;
  mime: string;
}

/** How many leading bytes sniff() needs (an MPEG-TS sync byte repeats at 188). */
export const SNIFF_BYTES = 512;

const ascii = (head: Buffer, start: number, end: number) => head.subarray(start, end).toString('latin1');

/** ISO-BMFF brands that are still images or audio only: not signage content this server can render. */
const REFUSED_BRANDS = new Set(['heic', 'heix', 'hevc', 'mif1', 'msf1', 'avif', 'M4A ', 'M4B ', 'M4P ']);

/**
 * Recognises supported content by its magic bytes: JPEG, PNG, GIF, WebP images and MP4/MOV,
 * Matroska/WebM, AVI, MPEG-TS, MPEG-PS and FLV video. Answers null for anything else.
 */
export function sniff(head: Buffer): SniffedType | null {
  if (head.length < 12) return null;
  if (head[0] === 0xff && head[1] === 0xd8 && head[2] === 0xff) return { kind: 'image', ext: 'jpg', mime: 'image/jpeg' };
  if (head.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) {
    return { kind: 'image', ext: 'png', mime: 'image/png' };
  }
  if (ascii(head, 0, 6) === 'GIF87a' || ascii(head, 0, 6) === 'GIF89a') return { kind: 'image', ext: 'gif', mime: 'image/gif' };
  if (ascii(head, 0, 4) === 'RIFF' && ascii(head, 8, 12) === 'WEBP') return { kind: 'image', ext: 'webp', mime: 'image/webp' };
  if (ascii(head, 0, 4) === 'RIFF' && ascii(head, 8, 12) === 'AVI ') return { kind: 'video', ext: 'avi', mime: 'video/x-msvideo' };
  if (ascii(head, 4, 8) === 'ftyp') {
    const brand = ascii(head, 8, 12);
    if (REFUSED_BRANDS.has(brand)) return null;
    if (brand === 'qt  ') return { kind: 'video', ext: 'mov', mime: 'video/quicktime' };
    return { kind: 'video', ext: 'mp4', mime: 'video/mp4' };
  }
  if (head[0] === 0x1a && head[1] === 0x45 && head[2] === 0xdf && head[3] === 0xa3) {
    return ascii(head, 0, Math.min(head.length, 64)).includes('webm')
      ? { kind: 'video', ext: 'webm', mime: 'video/webm' }
      : { kind: 'video', ext: 'mkv', mime: 'video/x-matroska' };
  }
  if (head[0] === 0x47 && head.length > 188 && head[188] === 0x47) return { kind: 'video', ext: 'ts', mime: 'video/mp2t' };
  if (head[0] === 0x00 && head[1] === 0x00 && head[2] === 0x01 && head[3] === 0xba) return { kind: 'video', ext: 'mpg', mime: 'video/mpeg' };
  if (ascii(head, 0, 3) === 'FLV') return { kind: 'video', ext: 'flv', mime: 'video/x-flv' };
  return null;
}
