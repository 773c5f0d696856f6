import fs from 'node:fs';
import fsp from 'node:fs/promises';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { ApiError, notFound } from '../errors.ts';

/**
 * Streams a stored file with its content type, honouring a single `Range: bytes=a-b` (video players seek with it).
 * Answers 404 when the file is not (or no longer) on disk.
 */
export async function sendStoredFile(request: FastifyRequest, reply: FastifyReply, file: string, mime: string, downloadName?: string) {
  const stat = await fsp.stat(file).catch(() => null);
  if (!stat || !stat.isFile()) throw notFound('File');
  reply.header('Accept-Ranges', 'bytes');
  reply.header('Cache-Control', 'private, max-age=60');
  reply.header('Last-Modified', stat.mtime.toUTCString());
  reply.type(mime);
  if (downloadName) reply.header('Content-Disposition', `inline; filename*=UTF-8''${encodeURIComponent(downloadName)}`);
  const range = request.headers.range;
  const match = range ? /^bytes=(\d*)-(\d*)$/.exec(range.trim()) : null;
  if (range && match && (match[1] || match[2])) {
    let start = match[1] ? Number(match[1]) : stat.size - Number(match[2]);
    let end = match[1] && match[2] ? Number(match[2]) : stat.size - 1;
    start = Math.max(0, start);
    end = Math.min(end, stat.size - 1);
    if (start > end || start >= stat.size) {
      reply.header('Content-Range', `bytes */${stat.size}`);
      throw new ApiError(416, 'range_not_satisfiable', 'The requested range is outside the file.');
    }
    reply.code(206);
    reply.header('Content-Range', `bytes ${start}-${end}/${stat.size}`);
    reply.header('Content-Length', String(end - start + 1));
    return reply.send(fs.createReadStream(file, { start, end }));
  }
  reply.header('Content-Length', String(stat.size));
  return reply.send(fs.createReadStream(file));
}
