import { randomBytes } from 'node:crypto';
import fsp from 'node:fs/promises';
import { finished } from 'node:stream/promises';
import type { FastifyRequest } from 'fastify';
import { DISPLAY_MAX_SIDE } from '../../src/services/schemas/navigation.ts';
import { PHOTO_EXTENSIONS, type PhotoType } from '../domain/devices.ts';
import { ApiError, badRequest } from '../errors.ts';
import { isBadText, invalidCharacters } from '../plugins/input.ts';
import { probe } from './ffmpeg.ts';
import { writeImageFile } from './imageFile.ts';
import { checkPicture, dimensionsTooLarge, fitsLimit } from './pictureSize.ts';
import type { MediaStore } from './storage.ts';
import { ffmpegPath, lastLine, runTool, ToolError } from './tools.ts';

/** Names of navigation files (store keys navigation/<name>): random stems and fixed extensions, never a client's name. */
export const NAVIGATION_FILE = /^[0-9a-f]{32}(?:\.display)?\.(?:png|jpg|webp)$/;

export interface StoredImage {
  file: string;
  type: PhotoType;
  bytes: number;
}

export interface ReceivedForm {
  fields: Record<string, string>;
  image: StoredImage | null;
}

/** The store key of a navigation file. */
export const navigationKey = (file: string) => `navigation/${file}`;

/**
 * Reads a multipart body whose one file part is `fileField`: text fields are kept, the file streams to a scratch file
 * while its first bytes are checked (PNG, JPEG or WebP) and its size is held to `maxBytes` by the parser (a larger
 * file is cut off while it streams: 413, and the partial file is removed), then goes into the store under a random
 * name. Nothing stays on disk or in the store on failure.
 */
export async function receiveImageForm(request: FastifyRequest, store: MediaStore, fileField: string, maxBytes: number): Promise<ReceivedForm> {
  await store.ensure();
  const fields: Record<string, string> = {};
  let image: StoredImage | null = null;
  let temporary: string | null = null;
  let failure: ApiError | null = null;
  const notAnImage = () => badRequest('not_an_image', 'The file must be a PNG, JPEG or WebP image.', { [fileField]: 'not_an_image' });
  try {
    const parts = request.parts({ limits: { fileSize: maxBytes, files: 1, fields: 10, parts: 12 } });
    for await (const part of parts) {
      if (isBadText(part.fieldname)) failure ??= invalidCharacters('body');
      if (part.type === 'field') {
        const value = String(part.value);
        if (isBadText(value)) failure ??= invalidCharacters(part.fieldname);
        fields[part.fieldname] = value;
        continue;
      }
      if (failure || part.fieldname !== fileField || image) {
        failure ??= badRequest('unexpected_file_field', `Unexpected file field "${part.fieldname}"; the image goes in ${fileField}.`, { [part.fieldname]: 'unexpected' });
        // Drained to its end, or to the parser's error (a body cut before its closing boundary): never waited on forever.
        part.file.resume();
        await finished(part.file).catch(() => undefined);
        continue;
      }
      const stem = randomBytes(16).toString('hex');
      temporary = store.scratchPath();
      const { type, bytes, head } = await writeImageFile(part.file, temporary, notAnImage);
      if (part.file.truncated) throw new ApiError(413, 'file_too_large', `The image may be at most ${maxBytes} bytes.`, { [fileField]: 'too_large' });
      if (!type) throw notAnImage();
      const local = temporary;
      await checkPicture(head, async () => ({ path: local, release: async () => undefined }), 'image', 'image', fileField);
      const file = `${stem}.${PHOTO_EXTENSIONS[type]}`;
      const staged = temporary;
      temporary = null;
      image = { file, type, bytes };
      await store.putFile(navigationKey(file), staged, type);
    }
    if (failure) throw failure;
    return { fields, image };
  } catch (error) {
    if (temporary) await fsp.rm(temporary, { force: true });
    if (image) await store.remove([navigationKey(image.file)]);
    if (error instanceof ApiError) throw error;
    const code = (error as { code?: string }).code;
    if (code === 'FST_INVALID_MULTIPART_CONTENT_TYPE') throw new ApiError(415, 'unsupported_media_type', 'The upload must be multipart/form-data.');
    if (code === 'FST_FILES_LIMIT' || code === 'FST_PARTS_LIMIT' || code === 'FST_FIELDS_LIMIT') throw new ApiError(413, 'too_many_parts', 'The upload has too many parts.');
    if ((error as { statusCode?: number }).statusCode === 413) throw new ApiError(413, 'file_too_large', `The image may be at most ${maxBytes} bytes.`, { [fileField]: 'too_large' });
    throw badRequest('invalid_multipart', 'The multipart body could not be read.');
  }
}

/** The size of a display copy: the original's, or scaled so the long side is DISPLAY_MAX_SIDE (even sides kept >= 1). */
export function displaySize(width: number, height: number, maxSide = DISPLAY_MAX_SIDE): { width: number; height: number } {
  const long = Math.max(width, height);
  if (long <= maxSide) return { width, height };
  const scale = maxSide / long;
  return { width: Math.max(1, Math.round(width * scale)), height: Math.max(1, Math.round(height * scale)) };
}

/**
 * Reads the image's size and stores its display copy (WebP, keeps transparency) beside it, made through ffmpeg.
 * Throws a 400 `invalid_image` when ffmpeg cannot read a file whose first bytes looked like an image.
 */
export async function makeDisplayCopy(store: MediaStore, file: string): Promise<{ displayFile: string; width: number; height: number }> {
  const copy = await store.localCopy(navigationKey(file));
  try {
    return await displayCopyOf(store, file, copy.path);
  } finally {
    await copy.release();
  }
}

async function displayCopyOf(store: MediaStore, file: string, source: string): Promise<{ displayFile: string; width: number; height: number }> {
  const displayFile = `${file.slice(0, 32)}.display.webp`;
  const partial = store.scratchPath('webp');
  const signal = AbortSignal.timeout(120_000);
  let size: { width: number; height: number };
  try {
    const probed = await probe(source, 'image', signal);
    size = { width: probed.width!, height: probed.height! };
  } catch {
    throw badRequest('invalid_image', 'The image could not be read.', { layout: 'invalid_image' });
  }
  // Stream info only so far: a layout stored before the limit is refused here, before ffmpeg decodes it.
  if (!fitsLimit(size, 'image')) throw dimensionsTooLarge(size, 'image', 'layout');
  const target = displaySize(size.width, size.height);
  try {
    await runTool(
      ffmpegPath(),
      ['-hide_banner', '-nostdin', '-y', '-i', source, '-frames:v', '1', '-vf', `scale=${target.width}:${target.height}:flags=area`, '-c:v', 'libwebp', '-quality', '82', '-f', 'webp', partial],
      { signal, timeoutMs: 120_000, niceness: 5 },
    );
    await store.putFile(navigationKey(displayFile), partial, 'image/webp');
  } catch (error) {
    await fsp.rm(partial, { force: true });
    if (error instanceof ToolError && lastLine(error.stderr)) throw badRequest('invalid_image', `The image could not be read (${lastLine(error.stderr)}).`, { layout: 'invalid_image' });
    throw error;
  }
  return { displayFile, ...size };
}

/** Removes stored navigation files by name (names that are not ours are ignored). */
export async function removeNavigationFiles(store: MediaStore, files: (string | null | undefined)[]): Promise<void> {
  await store.remove(files.filter((f): f is string => !!f && NAVIGATION_FILE.test(f)).map(navigationKey));
}
