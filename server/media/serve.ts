import type { FastifyReply, FastifyRequest } from 'fastify';
import { ApiError, notFound } from '../errors.ts';
import type { ByteRange, MediaStore } from './storage.ts';

export interface SendOptions {
  downloadName?: string;
  /** Cache-Control of the answer (default: private, a minute). */
  cacheControl?: string;
  /** Files at least this large answer a redirect to a presigned URL of the store (when it has them), valid `presignSeconds`. */
  presignMinBytes?: number;
  presignSeconds?: number;
}

/**
 * Streams a stored object with its content type, honouring a single `Range: bytes=a-b` (video players seek with it).
 * Answers 404 when the object is not (or no longer) in the store.
 */
export async function sendStoredFile(request: FastifyRequest, reply: FastifyReply, store: MediaStore, key: string, mime: string, options: SendOptions | string = {}) {
  const { downloadName, cacheControl = 'private, max-age=60', presignMinBytes = 0, presignSeconds = 300 } = typeof options === 'string' ? { downloadName: options } : options;
  const stat = await store.stat(key);
  if (!stat) throw notFound('File');
  if (presignMinBytes > 0 && stat.size >= presignMinBytes) {
    const url = await store.presignedUrl(key, presignSeconds, downloadName, mime);
    if (url) return reply.header('Cache-Control', 'no-store').redirect(url, 302);
  }
  reply.header('Accept-Ranges', 'bytes');
  reply.header('Cache-Control', cacheControl);
  reply.header('Last-Modified', stat.modified.toUTCString());
  reply.type(mime);
  if (downloadName) reply.header('Content-Disposition', `inline; filename*=UTF-8''${encodeURIComponent(downloadName)}`);
  const range = request.headers.range;
  const match = range ? /^bytes=(\d*)-(\d*)$/.exec(range.trim()) : null;
  let wanted: ByteRange | undefined;
  if (range && match && (match[1] || match[2])) {
    let start = match[1] ? Number(match[1]) : stat.size - Number(match[2]);
    let end = match[1] && match[2] ? Number(match[2]) : stat.size - 1;
    start = Math.max(0, start);
    end = Math.min(end, stat.size - 1);
    if (start > end || start >= stat.size) {
      reply.header('Content-Range', `bytes */${stat.size}`);
      throw new ApiError(416, 'range_not_satisfiable', 'The requested range is outside the file.');
    }
    wanted = { start, end };
  }
  let body;
  try {
    body = await store.read(key, wanted);
  } catch (error) {
    // Deleted between the stat and the read.
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') throw notFound('File');
    throw error;
  }
  if (wanted) {
    reply.code(206);
    reply.header('Content-Range', `bytes ${wanted.start}-${wanted.end}/${stat.size}`);
    reply.header('Content-Length', String(wanted.end - wanted.start + 1));
  } else {
    reply.header('Content-Length', String(stat.size));
  }
  return reply.send(body);
}
