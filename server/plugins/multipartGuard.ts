import type { FastifyInstance, FastifyReply } from 'fastify';

/** The answer to a multipart body that has arrived without its closing boundary. */
export const INVALID_MULTIPART = { detail: 'The multipart body could not be read.', code: 'invalid_multipart' } as const;

/** The boundary of a multipart/form-data Content-Type, or null. */
export function multipartBoundary(contentType: string | undefined): string | null {
  if (!contentType || !/^\s*multipart\/form-data\s*;/i.test(contentType)) return null;
  const match = /;\s*boundary=(?:"([^"]{1,70})"|([^\s;"]{1,70}))/i.exec(contentType);
  return match ? (match[1] ?? match[2]!) : null;
}

/**
 * Watches a body's bytes, as its reader takes them, for the closing delimiter `\r\n--boundary--` (or `--boundary--` at the
 * very start: an empty form). The delimiter may not occur inside a part, so its first occurrence is the close. Keeps only
 * the last few bytes between chunks. `done(closed)` is told once: when the declared length has arrived, or at the end.
 */
export function closingBoundaryWatcher(boundary: string, declaredLength: number | null, done: (closed: boolean) => void) {
  const delimiter = Buffer.from(`\r\n--${boundary}--`);
  const keep = delimiter.length - 1;
  let tail = Buffer.from('\r\n');
  let received = 0;
  let told = false;
  const tell = (closed: boolean) => {
    if (told) return;
    told = true;
    done(closed);
  };
  return {
    data(chunk: Buffer) {
      if (told) return;
      received += chunk.length;
      if (chunk.includes(delimiter) || Buffer.concat([tail, chunk.subarray(0, keep)]).includes(delimiter)) return tell(true);
      tail = Buffer.from(chunk.length >= keep ? chunk.subarray(chunk.length - keep) : Buffer.concat([tail, chunk]).subarray(-keep));
      if (declaredLength !== null && received >= declaredLength) tell(false);
    },
    end() {
      tell(false);
    },
  };
}

/**
 * One guard for every multipart route (issue 35.15): once a multipart/form-data body has arrived whole (its declared
 * Content-Length, or its end when chunked) without the closing boundary, the request is answered 400 `invalid_multipart`
 * at once, whatever its parts are called and whatever its handler is waiting for. The handler still sees the parser's
 * error and removes what it had stored; what it answers or throws afterwards is for a request already answered, so the
 * reply's logger takes it at debug level instead of error.
 *
 * The bytes are seen as the handler's parser reads them: the watcher listens only once the body flows ('resume'), so it
 * never starts a body nobody reads nor takes bytes from the parser. A body that stops coming is BODY_IDLE_TIMEOUT_MS's.
 */
export function guardMultipartBodies(app: FastifyInstance): void {
  app.addHook('onRequest', (request, reply, done) => {
    const raw = request.raw;
    const boundary = multipartBoundary(raw.headers['content-type']);
    if (!boundary || raw.readableEnded) return done();
    const length = raw.headers['content-length'];
    const declared = length === undefined || raw.headers['transfer-encoding'] !== undefined ? null : Number(length);
    const watcher = closingBoundaryWatcher(boundary, Number.isFinite(declared) ? declared : null, (closed) => {
      raw.off('data', watcher.data);
      raw.off('end', watcher.end);
      if (!closed) answerCutBody(reply);
    });
    raw.once('resume', () => {
      raw.on('data', watcher.data);
      raw.once('end', watcher.end);
    });
    done();
  });
}

function answerCutBody(reply: FastifyReply): void {
  if (reply.sent || reply.raw.headersSent || reply.raw.destroyed) return;
  const log = reply.log;
  reply.log = Object.assign(Object.create(log) as typeof log, { error: log.debug.bind(log) });
  reply.code(400).send(INVALID_MULTIPART);
}
