import { finished } from 'node:stream/promises';
import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { Id } from '../../src/services/schemas/common.ts';
import {
  DEFAULT_REFRESH_MINUTES,
  DatasetFromUrlBody,
  DatasetListQuery,
  DatasetUpdateBody,
  MAX_DATASET_FILE_BYTES,
  datasetNameError,
  datasetTableProblems,
  type Dataset,
  type DatasetSourceFormat,
} from '../../src/services/schemas/datasets.ts';
import { webhookConfig } from '../config.ts';
import type { AppContext } from '../context.ts';
import {
  claimDueSources,
  deleteDataset,
  devicesShowingDataset,
  findDataset,
  insertDataset,
  layoutsUsingDataset,
  listDatasets,
  noteSourceFailure,
  playerMayReadDataset,
  updateDataset,
  type SourceWrite,
} from '../db/datasets.ts';
import { compileSchedules } from '../domain/schedules.ts';
import { requireUserOrPlayer } from '../media/access.ts';
import { fetchSource, tableFromSource } from '../domain/datasetSources.ts';
import { readTable, type Table } from '../domain/datasets.ts';
import { record } from '../domain/journal.ts';
import { pageOf, pageRequest } from '../domain/paging.ts';
import { areaScope, assertVisible, ownerCompany, type Scope } from '../domain/scope.ts';
import { ApiError, badRequest, conflict, notFound, parse } from '../errors.ts';
import { isBadText, invalidCharacters } from '../plugins/input.ts';
import { currentUser, requireUser } from '../plugins/auth.ts';

/*
 * Datasets (issue 38): tables a layout's data table widget shows. Uploaded as a spreadsheet (multipart, read on the
 * server: server/domain/datasets.ts) or edited as JSON rows. Datasets are content files as media are: they take the
 * `media` area of a group's permissions and the company scope of media (another company's dataset is 404).
 */

const MAX_INT4 = 2147483647;

function idParam(request: FastifyRequest): number {
  const raw = (request.params as Record<string, string>).id ?? '';
  const id = parse(Id, /^\d{1,10}$/.test(raw) ? Number(raw) : raw);
  if (id > MAX_INT4) throw notFound('Dataset');
  return id;
}

function checkName(name: unknown): string {
  const error = datasetNameError(name);
  if (error) throw badRequest('validation_error', error === 'required' ? 'Name is required' : 'Name is at most 60 characters.', { name: error });
  return (name as string).trim();
}

/** A file name as the journal and the dataset keep it: its last path segment, at most 200 characters. */
const fileNameOf = (name: string) => (name.split(/[\\/]/).pop() ?? '').slice(0, 200) || 'file';

/**
 * The fields and the spreadsheet of a multipart body (the file in part `file`, at most MAX_DATASET_FILE_BYTES,
 * counted while it streams); a body cut before its end or with another file part is a 400, never a wait.
 */
async function receiveSpreadsheet(request: FastifyRequest): Promise<{ fields: Record<string, string>; file: { name: string; bytes: Uint8Array } | null }> {
  if (!request.isMultipart()) throw badRequest('validation_error', 'Send the spreadsheet as multipart/form-data (part file).', { file: 'required' });
  const fields: Record<string, string> = {};
  let file: { name: string; bytes: Uint8Array } | null = null;
  let failure: ApiError | null = null;
  try {
    for await (const part of request.parts({ limits: { fileSize: MAX_DATASET_FILE_BYTES, files: 1, fields: 10, parts: 12 } })) {
      if (isBadText(part.fieldname)) failure ??= invalidCharacters('body');
      if (part.type === 'field') {
        const value = String(part.value);
        if (isBadText(value)) failure ??= invalidCharacters(part.fieldname);
        fields[part.fieldname] = value;
        continue;
      }
      if (failure || part.fieldname !== 'file') {
        failure ??= badRequest('unexpected_file_field', `Unexpected file field "${part.fieldname}"; the spreadsheet goes in file.`, { [part.fieldname]: 'unexpected' });
        part.file.resume();
        await finished(part.file).catch(() => undefined);
        continue;
      }
      const chunks: Buffer[] = [];
      for await (const chunk of part.file) chunks.push(chunk as Buffer);
      if (part.file.truncated) throw new ApiError(413, 'file_too_large', `A spreadsheet may be at most ${MAX_DATASET_FILE_BYTES} bytes.`, { file: 'too_large' });
      file = { name: fileNameOf(part.filename ?? ''), bytes: new Uint8Array(Buffer.concat(chunks)) };
    }
  } catch (error) {
    if (error instanceof ApiError) throw error;
    const code = (error as { code?: string }).code;
    if (code === 'FST_FILES_LIMIT' || code === 'FST_PARTS_LIMIT' || code === 'FST_FIELDS_LIMIT') throw new ApiError(413, 'too_many_parts', 'The upload has too many parts.');
    if ((error as { statusCode?: number }).statusCode === 413) throw new ApiError(413, 'file_too_large', `A spreadsheet may be at most ${MAX_DATASET_FILE_BYTES} bytes.`, { file: 'too_large' });
    throw badRequest('invalid_multipart', 'The multipart body could not be read.');
  }
  if (failure) throw failure;
  return { fields, file };
}

export default async function datasetRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const { db } = ctx;
  if (!app.hasRequestDecorator('isMultipart')) {
    await app.register(multipart, { limits: { fileSize: MAX_DATASET_FILE_BYTES, files: 1, fields: 10 }, throwFileSizeLimit: false });
  }
  const asUser = { preHandler: requireUser(ctx) };
  const view = (request: FastifyRequest) => areaScope(ctx, request, 'media', 'view');
  const edit = (request: FastifyRequest) => areaScope(ctx, request, 'media', 'edit');

  async function existing(id: number, scope?: Scope): Promise<Dataset> {
    const dataset = await findDataset(db, id);
    if (!dataset) throw notFound('Dataset');
    if (scope) assertVisible(scope, dataset.company, 'Dataset');
    return dataset;
  }

  /** A table changed: the screens that show it get a new schedule (its checksum) through the live channel, as a publish. */
  const changed = async (id: number) => {
    await compileSchedules(db, await devicesShowingDataset(db, id));
    return existing(id);
  };

  /** Reads a URL now: the table, or a 400 `source_failed` whose `fields.url` says why (nothing stored). */
  async function readSource(url: string, format: DatasetSourceFormat): Promise<Table> {
    const settings = webhookConfig(ctx.config);
    const fetched = await fetchSource(url, { allowPrivate: settings.allowPrivate, timeoutMs: settings.timeoutMs });
    const table = fetched.ok ? tableFromSource(format, fetched.bytes) : fetched.reason;
    if (typeof table === 'string') throw badRequest('source_failed', `The address could not be read as ${format === 'feed' ? 'an RSS or Atom feed' : format.toUpperCase()}: ${table}.`, { url: table });
    return table;
  }

  /** One read of a claimed URL dataset (the refresher): a new table moves the version, a failure keeps the last one. */
  async function refreshSource(id: number, url: string, format: DatasetSourceFormat): Promise<void> {
    const settings = webhookConfig(ctx.config);
    const fetched = await fetchSource(url, { allowPrivate: settings.allowPrivate, timeoutMs: settings.timeoutMs });
    const table = fetched.ok ? tableFromSource(format, fetched.bytes) : fetched.reason;
    if (typeof table === 'string') return noteSourceFailure(db, id, table);
    const outcome = await updateDataset(db, id, { table, fileName: null, fetched: true });
    if (outcome?.changed) await changed(id);
  }

  // Each instance claims due URL datasets on its tick; a claim is a lease, so two instances never read one at once.
  const tickMs = ctx.config.datasetTickMs ?? 30_000;
  let refreshing: Promise<void> | null = null;
  const tick = () => {
    refreshing ??= (async () => {
      try {
        const lease = Math.ceil(webhookConfig(ctx.config).timeoutMs / 1000) + 30;
        for (const due of await claimDueSources(db, 8, lease)) {
          await refreshSource(due.id, due.source_url, due.source_format).catch((error: unknown) => app.log.error({ err: error, dataset: due.id }, 'dataset refresh failed'));
        }
      } catch (error) {
        app.log.error({ err: error }, 'dataset refresh claim failed');
      } finally {
        refreshing = null;
      }
    })();
  };
  const timer = tickMs > 0 ? setInterval(tick, tickMs) : undefined;
  timer?.unref();
  app.addHook('onClose', async () => {
    clearInterval(timer);
    await refreshing;
  });

  app.get('/datasets/', asUser, async (request) => {
    const scope = await view(request);
    const query = request.query as Record<string, unknown>;
    const paging = pageRequest(query);
    const filter = parse(DatasetListQuery, { search: query.search || undefined });
    const { total, datasets } = await listDatasets(db, { search: filter.search, companies: scope.companies, limit: paging.pageSize, offset: paging.offset });
    return pageOf(request.url, paging, total, datasets);
  });

  app.post('/datasets/create/', asUser, async (request, reply) => {
    const scope = await edit(request);
    if (!request.isMultipart()) {
      // A dataset read from a URL: read once now (a failure is refused, nothing stored), then every refresh_minutes.
      const name = checkName((request.body as { name?: unknown } | null)?.name);
      const body = parse(DatasetFromUrlBody, request.body);
      const companyId = await ownerCompany(ctx, scope, body.company);
      const source: SourceWrite = { url: body.url.trim(), format: body.format, refreshMinutes: body.refresh_minutes ?? DEFAULT_REFRESH_MINUTES };
      const table = await readSource(source.url, source.format);
      const id = await insertDataset(db, { name, companyId, table, fileName: null, source });
      await record(db, { userId: currentUser(request).id, action: 'create', entity: 'dataset', entityId: id, detail: { name, url: source.url, format: source.format, rows: table.rows.length } });
      return reply.code(201).send(await existing(id));
    }
    const { fields, file } = await receiveSpreadsheet(request);
    const name = checkName(fields.name ?? (file ? file.name.replace(/\.[^.]*$/, '') : undefined));
    if (!file) throw badRequest('validation_error', 'The spreadsheet is required (part file).', { file: 'required' });
    const company = fields.company === undefined || fields.company === '' ? undefined : parse(Id, /^\d{1,10}$/.test(fields.company) ? Number(fields.company) : fields.company);
    const companyId = await ownerCompany(ctx, scope, company);
    const table = await readTable(file.bytes);
    const id = await insertDataset(db, { name, companyId, table, fileName: file.name });
    await record(db, { userId: currentUser(request).id, action: 'create', entity: 'dataset', entityId: id, detail: { name, file: file.name, rows: table.rows.length, columns: table.columns.length } });
    return reply.code(201).send(await existing(id));
  });

  app.get('/datasets/:id', asUser, async (request) => existing(idParam(request), await view(request)));

  app.put('/datasets/:id', asUser, async (request) => {
    const id = idParam(request);
    const before = await existing(id, await edit(request));
    const rawName = (request.body as { name?: unknown } | null)?.name;
    const name = rawName === undefined ? undefined : checkName(rawName);
    const body = parse(DatasetUpdateBody, request.body);
    if ((body.columns === undefined) !== (body.rows === undefined)) {
      throw badRequest('validation_error', 'Columns and rows are sent together.', { [body.columns === undefined ? 'columns' : 'rows']: 'required' });
    }
    let table: Table | undefined;
    let source: SourceWrite | undefined;
    if (body.url !== undefined || body.format !== undefined || body.refresh_minutes !== undefined) {
      const url = body.url?.trim() ?? before.source?.url;
      const format = body.format ?? before.source?.format;
      if (!url || !format) throw badRequest('validation_error', 'A dataset read from a URL needs its url and format.', { [url ? 'format' : 'url']: 'required' });
      source = { url, format, refreshMinutes: body.refresh_minutes ?? before.source?.refresh_minutes ?? DEFAULT_REFRESH_MINUTES };
    }
    if (body.columns && (source || before.source)) {
      throw badRequest('dataset_from_url', 'The rows of a dataset read from a URL come from the URL; edit them there.', { rows: 'from_url' });
    }
    if (source && (source.url !== before.source?.url || source.format !== before.source?.format)) table = await readSource(source.url, source.format);
    if (body.columns && body.rows) {
      const problems = datasetTableProblems(body.columns, body.rows);
      const first = Object.values(problems)[0];
      if (first) throw badRequest(first === 'too_many_rows' || first === 'too_many_columns' ? first : 'invalid_table', 'The table cannot be stored as sent.', problems);
      table = { columns: body.columns.map((column) => ({ name: column.name.trim() })), rows: body.rows };
    }
    const outcome = await updateDataset(db, id, { name, table, fileName: table ? null : before.file_name, source, fetched: !!(source && table) });
    if (!outcome) throw notFound('Dataset');
    const after = outcome.changed ? await changed(id) : await existing(id);
    await record(db, { userId: currentUser(request).id, action: 'update', entity: 'dataset', entityId: id, detail: { name: after.name, ...(table ? { rows: table.rows.length, version: after.version } : {}) } });
    return after;
  });

  app.put('/datasets/:id/file/', asUser, async (request) => {
    const id = idParam(request);
    await existing(id, await edit(request));
    const { fields, file } = await receiveSpreadsheet(request);
    if (!file) throw badRequest('validation_error', 'The spreadsheet is required (part file).', { file: 'required' });
    const name = fields.name === undefined ? undefined : checkName(fields.name);
    const table = await readTable(file.bytes);
    // A spreadsheet replaces a URL too: the dataset is an uploaded one from now on.
    const outcome = await updateDataset(db, id, { name, table, fileName: file.name, source: null });
    if (!outcome) throw notFound('Dataset');
    const after = outcome.changed ? await changed(id) : await existing(id);
    await record(db, { userId: currentUser(request).id, action: 'update', entity: 'dataset', entityId: id, detail: { name: after.name, file: file.name, rows: table.rows.length, version: after.version } });
    return after;
  });

  app.post('/datasets/:id/refresh/', asUser, async (request) => {
    const id = idParam(request);
    const before = await existing(id, await edit(request));
    if (!before.source) throw badRequest('not_from_url', 'Only a dataset read from a URL can be read again.');
    const table = await readSource(before.source.url, before.source.format).catch(async (error: unknown) => {
      if (error instanceof ApiError && error.code === 'source_failed') await noteSourceFailure(db, id, error.fields?.url ?? 'network_error');
      throw error;
    });
    const outcome = await updateDataset(db, id, { table, fileName: null, fetched: true });
    if (!outcome) throw notFound('Dataset');
    return outcome.changed ? changed(id) : existing(id);
  });

  // The player's read of a dataset its widgets show (issue 38): by serial and key, only a dataset its office's company
  // owns or its schedule names. An ETag of the checksum: a player that has this table gets a 304.
  app.get('/player/datasets/:id/', { preHandler: requireUserOrPlayer(ctx) }, async (request, reply) => {
    const id = idParam(request);
    const scope = request.user ? await view(request) : undefined;
    if (!scope && !(await playerMayReadDataset(db, request.playerDevice!, id))) throw notFound('Dataset');
    const dataset = await existing(id, scope);
    const etag = `"${dataset.checksum}"`;
    reply.header('etag', etag).header('cache-control', 'private, no-cache');
    if (request.headers['if-none-match'] === etag) return reply.code(304).send();
    return { id: dataset.id, version: dataset.version, checksum: dataset.checksum, columns: dataset.columns, rows: dataset.rows };
  });

  app.delete('/datasets/:id', asUser, async (request, reply) => {
    const id = idParam(request);
    const dataset = await existing(id, await edit(request));
    const users = await layoutsUsingDataset(db, id);
    if (users.length) {
      throw conflict('dataset_in_use', `The dataset is shown by ${users.map((user) => user.name).join(', ')}; remove it from there first.`);
    }
    if (!(await deleteDataset(db, id))) throw notFound('Dataset');
    await record(db, { userId: currentUser(request).id, action: 'delete', entity: 'dataset', entityId: id, detail: { name: dataset.name }, company: dataset.company });
    return reply.code(204).send();
  });
}
