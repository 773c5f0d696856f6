import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Struct } from 'superstruct';
import { Id } from '../../src/services/schemas/common.ts';
import { DirectoryQueryCreateBody, DirectoryQueryUpdateBody, formatQueryValue, parseQueryValue } from '../../src/services/schemas/directory.ts';
import type { AppContext } from '../context.ts';
import {
  deleteDirectoryQuery,
  findDirectoryQuery,
  findDirectoryQueryByName,
  insertDirectoryQuery,
  listDirectoryQueries,
  toDirectoryQuery,
  updateDirectoryQuery,
} from '../db/directory.ts';
import { dropQueuedRenders, renderJobsOfQuery } from '../db/media.ts';
import type { DirectoryQueryRow } from '../db/media.schema.ts';
import { record } from '../domain/journal.ts';
import { pageOf, pageRequest } from '../domain/paging.ts';
import { badRequest, conflict, fieldsOf, notFound, parse } from '../errors.ts';
import { recomputeMediaStatus, syncRendersForQuery } from '../media/processing.ts';
import { mediaWorkerOf } from '../media/worker.ts';
import { currentUser, requireAdmin, requireUser } from '../plugins/auth.ts';

/** Validates a body; a malformed value answers the dedicated `invalid_query_value` code. */
function parseBody<T, S>(struct: Struct<T, S>, input: unknown): T {
  const [error, value] = struct.validate(input ?? {}, { coerce: true });
  if (!error) return value as T;
  const fields = fieldsOf(error);
  if (fields.value) {
    throw badRequest('invalid_query_value', 'The value must read "width x height @ fps=number @ x264 or hevc", e.g. "1920 x 1080 @ fps=30 @ x264".', {
      ...fields,
      value: 'invalid_format',
    });
  }
  throw badRequest('validation_error', 'The request has invalid fields.', fields);
}

function canonicalValue(value: string): string {
  return formatQueryValue(parseQueryValue(value)!);
}

/** Ids are PostgreSQL integers; a larger number names nothing. */
const MAX_INT4 = 2147483647;

function idParam(request: FastifyRequest): number {
  const raw = (request.params as { id: string }).id;
  const id = parse(Id, /^\d{1,10}$/.test(raw) ? Number(raw) : raw);
  if (id > MAX_INT4) throw notFound();
  return id;
}

/** The Directory of encoding presets: the administrator's (user 1) alone. */
export default async function directoryRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const { db } = ctx;
  const store = ctx.media;
  app.addHook('preHandler', requireUser(ctx));
  app.addHook('preHandler', requireAdmin);

  async function nameFree(name: string, exceptId?: number) {
    const other = await findDirectoryQueryByName(db, name);
    if (other && other.id !== exceptId) throw conflict('query_name_taken', 'A query with this name already exists.', { name: 'taken' });
  }

  async function afterChange(query: DirectoryQueryRow) {
    const touched = await syncRendersForQuery(db, query);
    for (const mediaId of touched) await recomputeMediaStatus(db, mediaId);
    if (touched.length) mediaWorkerOf(ctx)?.wake();
  }

  app.get('/directory/queries/', async (request) => {
    const paging = pageRequest(request.query as Record<string, unknown>);
    const { total, rows } = await listDirectoryQueries(db, paging.pageSize, paging.offset);
    return pageOf(request.url, paging, total, rows.map(toDirectoryQuery));
  });

  app.post('/directory/queries/create/', async (request, reply) => {
    const body = parseBody(DirectoryQueryCreateBody, request.body);
    const name = body.name.trim();
    await nameFree(name);
    const row = await insertDirectoryQuery(db, {
      name,
      value: canonicalValue(body.value),
      type: body.type,
      device: body.device,
      screen: body.screen,
      active: body.active ?? true,
    });
    if (!row) throw conflict('query_name_taken', 'A query with this name already exists.', { name: 'taken' });
    await record(db, { userId: currentUser(request).id, action: 'create', entity: 'directory_query', entityId: row.id, detail: { name, value: row.value } });
    await afterChange(row);
    return reply.code(201).send(toDirectoryQuery(row));
  });

  app.get('/directory/queries/:id', async (request) => {
    const row = await findDirectoryQuery(db, idParam(request));
    if (!row) throw notFound('Directory query');
    return toDirectoryQuery(row);
  });

  app.put('/directory/queries/:id', async (request) => {
    const id = idParam(request);
    const body = parseBody(DirectoryQueryUpdateBody, request.body);
    const previous = await findDirectoryQuery(db, id);
    if (!previous) throw notFound('Directory query');
    if (body.name !== undefined) await nameFree(body.name.trim(), id);
    const row = await updateDirectoryQuery(db, id, {
      ...(body.name !== undefined ? { name: body.name.trim() } : {}),
      ...(body.value !== undefined ? { value: canonicalValue(body.value) } : {}),
      ...(body.type !== undefined ? { type: body.type } : {}),
      ...(body.device !== undefined ? { device: body.device } : {}),
      ...(body.screen !== undefined ? { screen: body.screen } : {}),
      ...(body.active !== undefined ? { active: body.active } : {}),
    });
    if (!row) throw notFound('Directory query');
    await record(db, { userId: currentUser(request).id, action: 'update', entity: 'directory_query', entityId: id, detail: { ...body }, before: toDirectoryQuery(previous), after: toDirectoryQuery(row), fields: ['name', 'value', 'type', 'device', 'screen', 'active'] });
    if (row.active) await afterChange(row);
    else for (const mediaId of await dropQueuedRenders(db, id)) await recomputeMediaStatus(db, mediaId);
    return toDirectoryQuery(row);
  });

  app.delete('/directory/queries/:id', async (request, reply) => {
    const id = idParam(request);
    const row = await findDirectoryQuery(db, id);
    if (!row) throw notFound('Directory query');
    const renders = await renderJobsOfQuery(db, id);
    if (!(await deleteDirectoryQuery(db, id))) throw notFound('Directory query');
    for (const job of renders) {
      await store.remove([store.renderKey(job.mediaId, id)]);
      await recomputeMediaStatus(db, job.mediaId);
    }
    await record(db, { userId: currentUser(request).id, action: 'delete', entity: 'directory_query', entityId: id, detail: { name: row.name } });
    return reply.code(204).send();
  });
}
