import { Writable } from 'node:stream';
import { finished, pipeline } from 'node:stream/promises';
import type { FastifyRequest } from 'fastify';
import type { Multipart } from '@fastify/multipart';
import { MAX_FILES_PER_UPLOAD, MAX_MEDIA_FILE_BYTES, MediaFileInfoList, type MediaFileInfo } from '../../src/services/schemas/media.ts';
import { ApiError, badRequest, fieldsOf } from '../errors.ts';
import { findBadText, invalidCharacters, isBadText, MAX_JSON_DEPTH, nestsDeeperThan } from '../plugins/input.ts';
import { sniff, type SniffedType } from './sniff.ts';
import { checkPicture, HEADER_BYTES } from './pictureSize.ts';
import { HashingStream } from './checksums.ts';
import type { MediaStore } from './storage.ts';

export interface ReceivedFile {
  /** Position in the request: n of `src_file[n]`, or the arrival order of plain `src_file` parts. */
  index: number;
  field: string;
  /** Where the bytes wait in the media store until the commit moves them. */
  tempKey: string;
  originalName: string;
  bytes: number;
  /** SHA-256 of the bytes, lower-case hex (hashed while they streamed to the store). */
  sha256: string;
  type: SniffedType;
}

export interface ReceivedUpload {
  files: ReceivedFile[];
  info: MediaFileInfo[];
}

/** Busboy limits of a media upload; the size limit truncates while streaming (see `part.file.truncated`). */
export const UPLOAD_LIMITS = { fileSize: MAX_MEDIA_FILE_BYTES, files: MAX_FILES_PER_UPLOAD, fields: 20, parts: MAX_FILES_PER_UPLOAD + 20 };

/**
 * Stream buffers of the parser and the temp-file writer: 1 MB lets the socket, the parser and the disk writes overlap
 * instead of taking turns on every 64 KB chunk (busboy's and fs defaults are 16-64 KB), at a bounded cost per upload.
 */
export const UPLOAD_BUFFERS = { highWaterMark: 1024 * 1024, fileHwm: 1024 * 1024 };

const FILE_FIELD = /^src_file(?:\[(\d{1,3})\])?$/;

interface TempFile {
  field: string;
  index: number | null;
  tempKey: string;
  originalName: string;
  bytes: number;
  sha256: string;
  /** The first bytes, for sniffing the type and reading the picture's size. */
  head: Buffer;
}

/** Removes the stored temps of an upload that did not commit. */
export async function discardTemps(store: MediaStore, keys: string[]): Promise<void> {
  await store.remove(keys);
}

function drain(part: Extract<Multipart, { type: 'file' }>): Promise<void> {
  return pipeline(part.file, new Writable({ write: (_chunk, _enc, done) => done() }));
}

function multipartFailure(error: unknown, aborted: boolean): Error {
  if (error instanceof ApiError) return error;
  const code = (error as { code?: string }).code;
  if (code === 'FST_INVALID_MULTIPART_CONTENT_TYPE') {
    return new ApiError(415, 'unsupported_media_type', 'The upload must be multipart/form-data.');
  }
  if (code === 'FST_FILES_LIMIT') return new ApiError(413, 'too_many_files', `At most ${MAX_FILES_PER_UPLOAD} files per upload.`);
  if (code === 'FST_PARTS_LIMIT' || code === 'FST_FIELDS_LIMIT') return new ApiError(413, 'too_many_parts', 'The upload has too many parts.');
  if (aborted || code === 'FST_MP_PREMATURE_CLOSE') return badRequest('upload_aborted', 'The connection was closed before the upload finished.');
  return badRequest('invalid_multipart', 'The multipart body could not be read.');
}

/**
 * Streams every `src_file[n]` part to its own temp object in the media store (never into memory; in S3 a multipart
 * upload), enforcing the 250 MB limit while streaming: at the limit the store's write is aborted at once and the rest
 * of the part is drained, so nothing of the file stays. Then validates `file_info` (which may come last) and the
 * content. On any failure, including a dropped connection, every temp object is removed before the error propagates.
 */
export async function receiveUpload(request: FastifyRequest, store: MediaStore): Promise<ReceivedUpload> {
  await store.ensure();
  const temps: TempFile[] = [];
  let fileInfoText: string | undefined;
  let userText: string | undefined;
  let failure: ApiError | null = null;
  let aborted = false;
  let writing: HashingStream | null = null;
  const raw = request.raw;
  const onClose = () => {
    if (!raw.complete) {
      aborted = true;
      writing?.destroy(new Error('connection closed'));
    }
  };
  raw.on('close', onClose);
  raw.on('aborted', onClose);
  let plainFiles = 0;

  try {
    const parts = request.parts({ limits: UPLOAD_LIMITS });
    for await (const part of parts) {
      if (isBadText(part.fieldname)) failure ??= invalidCharacters('body');
      if (part.type === 'field') {
        if (typeof part.value === 'string' && isBadText(part.value)) failure ??= invalidCharacters(part.fieldname);
        if (part.fieldname === 'file_info') fileInfoText = String(part.value);
        else if (part.fieldname === 'user') userText = String(part.value);
        continue;
      }
      if (part.filename && isBadText(part.filename)) failure ??= invalidCharacters(part.fieldname);
      const match = FILE_FIELD.exec(part.fieldname);
      if (failure || !match) {
        failure ??= badRequest('unexpected_file_field', `Unexpected file field "${part.fieldname}"; files go in src_file[n].`, {
          [part.fieldname]: 'unexpected',
        });
        await drain(part);
        continue;
      }
      const temp: TempFile = {
        field: part.fieldname,
        index: match[1] === undefined ? null : Number(match[1]),
        tempKey: store.newTempKey(),
        originalName: part.filename || 'file',
        bytes: 0,
        sha256: '',
        head: Buffer.alloc(0),
      };
      if (temp.index === null) plainFiles += 1;
      temps.push(temp);
      const hashing = new HashingStream(HEADER_BYTES);
      writing = hashing;
      const file = part.file;
      const ended = finished(file).catch((error: unknown) => error);
      let tooLarge = false;
      const tooLargeError = () =>
        new ApiError(413, 'file_too_large', `A media file may be at most ${MAX_MEDIA_FILE_BYTES} bytes.`, { [temp.field]: 'too_large' });
      // At the limit the parser stops passing bytes: abort the store's write now (an S3 multipart upload is aborted,
      // not completed and deleted) and let the rest of the part drain into nothing.
      file.once('limit', () => {
        tooLarge = true;
        file.unpipe(hashing);
        hashing.destroy(tooLargeError());
        file.resume();
      });
      // A part that errors or closes before its end (a body cut before its closing boundary) fails the store's write,
      // which would otherwise wait for bytes that never come.
      void ended.then((error) => {
        if (error && !tooLarge) hashing.destroy(error as Error);
      });
      file.pipe(hashing);
      const [stored] = await Promise.allSettled([store.put(temp.tempKey, hashing)]);
      writing = null;
      if (tooLarge) {
        const drained = await ended;
        if (drained) throw drained;
        // A store that finished before the abort reached it (a tiny part) must not keep the file either.
        if (stored.status === 'fulfilled') await store.remove([temp.tempKey]);
        failure = tooLargeError();
        continue;
      }
      if (stored.status === 'rejected') throw stored.reason;
      temp.bytes = stored.value;
      temp.sha256 = hashing.hex();
      temp.head = hashing.head;
    }
    if (aborted) throw badRequest('upload_aborted', 'The connection was closed before the upload finished.');
    if (failure) throw failure;
    const files = await orderAndCheck(temps, plainFiles);
    const info = readFileInfo(fileInfoText, files.length);
    // Pictures over 8K are refused now, before the probe job's ffmpeg would decode them (issue 26.6).
    for (const file of files) {
      const head = temps.find((temp) => temp.tempKey === file.tempKey)!.head;
      await checkPicture(head, () => store.localCopy(file.tempKey), file.type.kind, 'media', file.field);
    }
    if (userText !== undefined && !/^\d{1,9}$/.test(userText.trim())) {
      throw badRequest('validation_error', 'The request has invalid fields.', { user: 'invalid' });
    }
    return { files, info };
  } catch (error) {
    writing?.destroy();
    await discardTemps(store, temps.map((t) => t.tempKey));
    throw multipartFailure(error, aborted);
  } finally {
    raw.off('close', onClose);
    raw.off('aborted', onClose);
  }
}

async function orderAndCheck(temps: TempFile[], plainFiles: number): Promise<ReceivedFile[]> {
  if (!temps.length) throw badRequest('validation_error', 'No file was uploaded.', { src_file: 'required' });
  if (plainFiles > 0 && plainFiles < temps.length) {
    throw badRequest('validation_error', 'Send files either all as src_file[n] or all as src_file.', { src_file: 'invalid' });
  }
  const indexed = temps.map((t, arrival) => ({ ...t, index: t.index ?? arrival })).sort((a, b) => a.index - b.index);
  if (indexed.some((t, position) => t.index !== position)) {
    throw badRequest('validation_error', 'File fields must be numbered src_file[0], src_file[1], ... without gaps.', { src_file: 'invalid' });
  }
  const invalid: Record<string, string> = {};
  const files: ReceivedFile[] = [];
  for (const temp of indexed) {
    const type = temp.bytes > 0 ? sniff(temp.head) : null;
    if (!type) invalid[temp.field] = 'invalid_content_format';
    else files.push({ index: temp.index, field: temp.field, tempKey: temp.tempKey, originalName: temp.originalName, bytes: temp.bytes, sha256: temp.sha256, type });
  }
  if (Object.keys(invalid).length) throw badRequest('invalid_content_format', 'Invalid content format!', invalid);
  return files;
}

function readFileInfo(text: string | undefined, fileCount: number): MediaFileInfo[] {
  if (text === undefined) throw badRequest('invalid_file_info', 'file_info is required: a JSON list with one description per file.', { file_info: 'required' });
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw badRequest('invalid_file_info', 'file_info is not valid JSON.', { file_info: 'invalid_json' });
  }
  if (nestsDeeperThan(value, MAX_JSON_DEPTH)) throw badRequest('invalid_file_info', 'file_info nests too deep.', { file_info: 'too_deep' });
  const bad = findBadText(value);
  if (bad !== null) throw invalidCharacters(bad ? `file_info.${bad}` : 'file_info');
  const [error, info] = MediaFileInfoList.validate(value, { coerce: true });
  if (error) {
    const fields = Object.fromEntries(Object.entries(fieldsOf(error)).map(([path, code]) => [path === 'body' ? 'file_info' : `file_info.${path}`, code]));
    throw badRequest('invalid_file_info', 'file_info has invalid descriptions.', fields);
  }
  if (info.length !== fileCount) {
    throw badRequest('invalid_file_info', `file_info has ${info.length} descriptions for ${fileCount} files.`, { file_info: 'count_mismatch' });
  }
  return info;
}
