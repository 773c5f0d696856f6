import { once } from 'node:events';
import fs from 'node:fs';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { sniffImageType, type PhotoType } from '../domain/devices.ts';
import { HEADER_BYTES } from './pictureSize.ts';

/**
 * Streams an uploaded image into a new file (`wx`: never over another) while its first bytes are checked: `notAnImage`
 * is thrown as soon as 12 bytes say it is not PNG, JPEG or WebP. Answers the type (null when the file was shorter than
 * 12 bytes and those did not say), the bytes written and the first HEADER_BYTES (where the picture's size is declared).
 *
 * On any failure the write stream is closed before this rejects: a refusal can come while the file is still being
 * opened, and removing it before the open finished left the file behind (seen on PostgreSQL under load). The caller
 * removes the file after a rejection, and then nothing is left on disk.
 */
export async function writeImageFile(source: Readable, file: string, notAnImage: () => Error): Promise<{ type: PhotoType | null; bytes: number; head: Buffer }> {
  let head = Buffer.alloc(0);
  let type: PhotoType | null | undefined;
  let bytes = 0;
  const out = fs.createWriteStream(file, { flags: 'wx' });
  try {
    await pipeline(
      source,
      async function* (chunks: AsyncIterable<Buffer>) {
        for await (const chunk of chunks) {
          bytes += chunk.length;
          if (head.length < HEADER_BYTES) head = Buffer.concat([head, chunk.subarray(0, HEADER_BYTES - head.length)]);
          if (type === undefined) {
            if (head.length >= 12) {
              type = sniffImageType(head);
              if (!type) throw notAnImage();
            }
          }
          yield chunk;
        }
      },
      out,
    );
  } catch (error) {
    await closed(out);
    throw error;
  }
  return { type: type ?? sniffImageType(head), bytes, head };
}

/** Resolves once a write stream has let go of its file (at once when it already has). */
export async function closed(stream: fs.WriteStream): Promise<void> {
  if (stream.closed) return;
  stream.destroy();
  await once(stream, 'close').catch(() => undefined);
}
