import { randomBytes } from 'node:crypto';
import fsp from 'node:fs/promises';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import multipart from '@fastify/multipart';
import { literal, object, type } from 'superstruct';
import writeXlsxFile from 'write-excel-file/node';
import {
  ChangeActiveBody,
  ConfigUpdateBody,
  DeviceCreateBody,
  DeviceListQuery,
  DeviceUpdateBody,
  BoundedIdParam,
  DeviceSheetQuery,
  DeviceTagsImportBody,
  MAX_DEVICE_PHOTO_BYTES,
  SendCommandBody,
  type DeviceCreateBody as CreateBody,
  type DeviceUpdateBody as UpdateBody,
} from '../../src/services/schemas/devices.ts';
import { MAX_DEVICE_TAGS, MAX_TAG_LENGTH, normalizeTags } from '../../src/services/schemas/deviceTags.ts';
import type { AppContext } from '../context.ts';
import { DEVICE_SHEET_WIDTHS, deviceSheet, sheetTitle, sheetWords } from '../domain/deviceSheet.ts';
import {
  analyzeDeviceTables,
  deleteDevice,
  devicePhoto,
  deviceStatistics,
  findConfig,
  findDevice,
  findOffice,
  findPendingClientBySerial,
  importDeviceTags,
  insertDevice,
  listConfigs,
  listDevices,
  type DeviceFilter,
  DEVICE_COUNT_AHEAD,
  listDevicesJson,
  officeExists,
  queueCommand,
  setDevicePhoto,
  tagColumns,
  toDevice,
  updateConfig,
  updateDevice,
  violatedUniqueIndex,
  type DeviceInsert,
} from '../db/devices.ts';
import { configContentError, defaultConfigFiles, generateDeviceKey, isReady, PHOTO_EXTENSIONS, type PhotoType } from '../domain/devices.ts';
import { configPathUnder } from '../domain/configPaths.ts';
import { checkPicture } from '../media/pictureSize.ts';
import { writeImageFile } from '../media/imageFile.ts';
import { sendStoredFile } from '../media/serve.ts';
import { screenshotsPrefix } from './screenshots.ts';
import type { MediaStore } from '../media/storage.ts';
import { inCampaignOfOtherPosition } from '../db/campaigns.ts';
import { syncSmartCampaigns } from '../db/smartGroups.ts';
import { record } from '../domain/journal.ts';
import { pageJson, pageRequest } from '../domain/paging.ts';
import { ApiError, badRequest, conflict, notFound, parse } from '../errors.ts';
import { currentUser, requireUser } from '../plugins/auth.ts';
import { areaScope, assertVisible, type Scope } from '../domain/scope.ts';

/** Device fields the journal compares: what an operator sets (status, contacts and the key are not edits). */
const JOURNALED_FIELDS = [
  'sn', 'mac', 'name', 'office', 'company', 'device_type', 'default_config', 'screen_type', 'description', 'mount_date', 'warranty', 'position', 'ip', 'is_active', 'user', 'tags',
] as const;
const PHOTO_NAME = /^[0-9a-f]{32}\.(?:png|jpg|webp)$/;
const ANALYZE_EVERY_MS = 10 * 60 * 1000;
const ClearPhotoBody = object({ photo: literal(null) });

/**
 * The list filters of a query string, and nothing else: type() lets unknown keys through, and DeviceFilter has keys a
 * query string must not set (`campaign=2` reached the SQL as a campaign filter without an id: a 500).
 */
function listFilter(query: unknown, schema: typeof DeviceListQuery | typeof DeviceSheetQuery = DeviceListQuery): DeviceFilter {
  const parsed = parse(schema, query) as Record<string, unknown>;
  return Object.fromEntries(Object.keys(DeviceListQuery.schema).filter((key) => parsed[key] !== undefined).map((key) => [key, parsed[key]])) as DeviceFilter;
}

function idParam(request: FastifyRequest, name = 'id'): number {
  return parse(type({ [name]: BoundedIdParam }), request.params)[name]!;
}

/** Maps a unique-index violation to the 409 the SPA shows as "Device already exist". */
function duplicateError(error: unknown): ApiError | null {
  const index = violatedUniqueIndex(error);
  if (!index) return null;
  const field = index === 'devices_mac_key' ? 'mac' : 'sn';
  return conflict('device_exists', `A device with this ${field === 'mac' ? 'MAC address' : 'serial number'} already exists.`, { [field]: 'taken' });
}

function columnsOf(body: CreateBody | UpdateBody): Partial<DeviceInsert> {
  const columns: Partial<DeviceInsert> = {};
  if (body.sn !== undefined) columns.sn = body.sn;
  if (body.mac !== undefined) columns.mac = body.mac;
  if (body.name !== undefined) columns.name = body.name.trim();
  if (body.office !== undefined) columns.officeId = body.office;
  if (body.device_type !== undefined) columns.deviceType = body.device_type;
  if (body.default_config !== undefined) columns.defaultConfig = body.default_config;
  if (body.screen_type !== undefined) columns.screenType = body.screen_type.trim();
  if (body.description !== undefined) columns.description = body.description;
  if (body.mount_date !== undefined) columns.mountDate = body.mount_date;
  if (body.warranty !== undefined) columns.warranty = body.warranty;
  if (body.position !== undefined) columns.position = body.position;
  if (body.ip !== undefined) columns.ip = body.ip;
  if (body.is_active !== undefined) columns.isActive = body.is_active;
  if (body.user !== undefined) columns.userId = body.user;
  if (body.tags !== undefined) Object.assign(columns, tagColumns(checkedTags(body.tags)));
  return columns;
}

/** Tags as stored, or the 400 that names the rule they break (too_many_tags, tag_too_long, invalid_tag). */
function checkedTags(values: readonly string[], field = 'tags'): string[] {
  const outcome = normalizeTags(values);
  if (outcome.ok) return outcome.tags;
  const detail = {
    too_many_tags: `A device has at most ${MAX_DEVICE_TAGS} tags.`,
    tag_too_long: `A tag has at most ${MAX_TAG_LENGTH} characters.`,
    invalid_tag: 'A tag holds no comma and no control character.',
  }[outcome.reason];
  throw badRequest(outcome.reason, detail, { [field]: outcome.reason });
}

export default async function deviceRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const { db } = ctx;
  const store = ctx.media;
  const photoKey = (file: string) => `photos/${file}`;
  // Encapsulated in this plugin; skipped when multipart is already registered by a parent scope.
  if (!app.hasRequestDecorator('isMultipart')) {
    await app.register(multipart, { limits: { fileSize: MAX_DEVICE_PHOTO_BYTES, files: 1, fields: 10 } });
  }

  // Vacuum and planner statistics for the list queries (see analyzeDeviceTables): at start, then every few minutes.
  let analyzeTimer: NodeJS.Timeout | undefined;
  app.addHook('onReady', async () => {
    await analyzeDeviceTables(db);
    analyzeTimer = setInterval(
      () => void analyzeDeviceTables(db).catch((error: Error) => app.log.warn({ err: error }, 'ANALYZE of the device tables failed')),
      ANALYZE_EVERY_MS,
    );
    analyzeTimer.unref();
  });
  app.addHook('onClose', async () => clearInterval(analyzeTimer));

  /** The device, when it exists and the scope holds its company (404 otherwise: another company's id leaks nothing). */
  const present = async (id: number, scope?: Scope) => {
    const row = await findDevice(db, id);
    if (!row) throw notFound('Device');
    if (scope) assertVisible(scope, row.companyId, 'Device');
    return row;
  };
  const answer = async (id: number) => toDevice(await present(id), app.prefix);
  /** A device's office must exist and lie in the scope; a scoped user's devices need one (a device without an office is nobody's). */
  const assertOffice = async (office: number | null | undefined, scope: Scope, creating: boolean) => {
    const unknown = () => badRequest('unknown_office', 'The branch office does not exist.', { office: 'not_found' });
    if (office) {
      const row = await findOffice(db, office);
      if (!row || (scope.companies && !scope.companies.includes(row.companyId))) throw unknown();
    } else if (scope.companies && (creating ? office == null : office === null)) {
      throw badRequest('office_required', 'Choose the branch office of the device.', { office: 'required' });
    }
  };
  const view = (request: FastifyRequest) => areaScope(ctx, request, 'devices', 'view');
  const edit = (request: FastifyRequest) => areaScope(ctx, request, 'devices', 'edit');

  // Status comes from last_connection: contacts this instance answered but has not written yet go first (ContactWriter).
  app.addHook('preHandler', async (request) => {
    if (request.method === 'GET') await ctx.contacts.flush();
  });

  app.register(async (guarded) => {
    guarded.addHook('preHandler', requireUser(ctx));

    // A page of devices comes from the database as JSON text (see listDevicesJson): the hot screen of a large fleet.
    const sendPage = async (request: FastifyRequest, reply: FastifyReply, filter: DeviceFilter) => {
      const paging = pageRequest(request.query as Record<string, unknown>);
      // The count stops DEVICE_COUNT_AHEAD matches past the page (see listDevicesJson): `count_exact` says whether it did.
      const { total, exact, size, json } = await listDevicesJson(db, filter, paging.pageSize, paging.offset, app.prefix, undefined, DEVICE_COUNT_AHEAD);
      const page = pageJson(request.url, paging, total, size, json).replace(',"next":', `,"count_exact":${exact},"next":`);
      return reply.type('application/json; charset=utf-8').send(page);
    };

    guarded.get('/tvpi/devices/', async (request, reply) => {
      const scope = await view(request);
      return sendPage(request, reply, { ...listFilter(request.query), companies: scope.companies });
    });

    guarded.get('/tvpi/devices/office-devices/:id', async (request, reply) => {
      const scope = await view(request);
      const office = idParam(request);
      assertVisible(scope, (await findOffice(db, office))?.companyId, 'Branch office');
      return sendPage(request, reply, { ...listFilter(request.query), office, companies: scope.companies });
    });

    guarded.get('/tvpi/devices/statistics', async (request) => deviceStatistics(db, (await view(request)).companies));

    guarded.get('/tvpi/devices-xslx/', async (request, reply) => {
      const scope = await view(request);
      const { lang = 'en', tz = 'UTC' } = parse(DeviceSheetQuery, request.query);
      const { rows } = await listDevices(db, { ...listFilter(request.query, DeviceSheetQuery), companies: scope.companies }, 1_000_000, 0);
      const words = sheetWords(ctx.config.localesDir, lang);
      const sheet = deviceSheet(rows.map((row) => toDevice(row, app.prefix)), words, tz);
      const buffer = await writeXlsxFile(sheet, { sheet: sheetTitle(words), columns: DEVICE_SHEET_WIDTHS, stickyRowsCount: 1 }).toBuffer();
      return reply
        .header('content-type', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')
        .header('content-disposition', 'attachment; filename="devices.xlsx"')
        .send(buffer);
    });

    guarded.post('/tvpi/devices/create/', async (request, reply) => {
      const scope = await edit(request);
      const body = parse(DeviceCreateBody, request.body);
      await assertOffice(body.office, scope, true);
      const waiting = await findPendingClientBySerial(db, body.sn);
      const columns = columnsOf(body);
      // Adopting a waiting player: what it reported fills the fields the operator left out.
      if (waiting && !waiting.adoptedDeviceId) {
        columns.mac ??= waiting.mac;
        columns.ip ??= waiting.ip;
        columns.version ??= waiting.version;
      }
      const position = body.position ?? 'unknown';
      const configs = defaultConfigFiles(body.default_config ?? 'standard', { sn: body.sn, position });
      let id: number;
      try {
        id = await insertDevice(db, { ...columns, sn: body.sn, deviceKey: generateDeviceKey() }, configs);
      } catch (error) {
        throw duplicateError(error) ?? error;
      }
      // A device that matches a smart group a campaign targets takes part at once (issue 41).
      await syncSmartCampaigns(db, { devices: [id] });
      const created = await answer(id);
      await record(db, { userId: currentUser(request).id, action: 'create', entity: 'device', entityId: id, detail: { sn: body.sn }, after: created, fields: JOURNALED_FIELDS });
      return reply.code(201).send(created);
    });

    // The spreadsheet import of tags (serial + tags): every row is checked before any is written; unknown serials are named.
    guarded.put('/tvpi/devices/tags/', async (request) => {
      const scope = await edit(request);
      const body = parse(DeviceTagsImportBody, request.body);
      const rows = body.rows.map((row, index) => ({ sn: row.sn.trim(), tags: checkedTags(row.tags, `rows.${index}.tags`) }));
      const { updated, unmatched, ids } = await importDeviceTags(db, rows, scope.companies);
      if (ids.length) await syncSmartCampaigns(db, { devices: ids });
      for (const id of ids) ctx.players.forgetDevice(id);
      await record(db, { userId: currentUser(request).id, action: 'import_tags', entity: 'device', detail: { updated, unmatched: unmatched.length } });
      return { updated, unmatched };
    });

    guarded.get('/tvpi/devices/check/:id', async (request) => {
      const row = await present(idParam(request), await view(request));
      return { id: row.device.id, ready: isReady(row.status), status: row.status, last_connection: row.device.lastConnection?.toISOString() ?? null };
    });

    guarded.get('/tvpi/devices/:id', async (request) => toDevice(await present(idParam(request), await view(request)), app.prefix));

    guarded.put('/tvpi/devices/:id', async (request) => {
      const scope = await edit(request);
      const id = idParam(request);
      const body = parse(DeviceUpdateBody, request.body);
      await present(id, scope);
      await assertOffice(body.office, scope, false);
      // Device and campaign screen position must match: a device keeps its position while a campaign of it holds it.
      if (body.position && (await inCampaignOfOtherPosition(db, id, body.position))) {
        throw conflict('device_in_campaign', 'The device takes part in a campaign of another screen position.', { position: 'device_in_campaign' });
      }
      const before = await findDevice(db, id);
      let updated: boolean;
      try {
        updated = await updateDevice(db, id, columnsOf(body));
      } catch (error) {
        throw duplicateError(error) ?? error;
      } finally {
        ctx.players.forgetDevice(id);
      }
      if (!updated || !before) throw notFound('Device');
      await syncSmartCampaigns(db, { devices: [id] });
      const after = await answer(id);
      const was = toDevice(before, app.prefix);
      await record(db, { userId: currentUser(request).id, action: 'update', entity: 'device', entityId: id, detail: { fields: Object.keys(body) }, before: was, after, fields: JOURNALED_FIELDS });
      return after;
    });

    guarded.delete('/tvpi/devices/:id', async (request, reply) => {
      const scope = await edit(request);
      const id = idParam(request);
      await present(id, scope);
      const before = await findDevice(db, id);
      const removed = await deleteDevice(db, id);
      ctx.players.forgetDevice(id);
      if (!removed) throw notFound('Device');
      if (removed.photoFile && PHOTO_NAME.test(removed.photoFile)) await store.remove([photoKey(removed.photoFile)]);
      await store.removePrefix(screenshotsPrefix(id));
      await record(db, { userId: currentUser(request).id, action: 'delete', entity: 'device', entityId: id, before: before ? toDevice(before, app.prefix) : null, fields: JOURNALED_FIELDS });
      return reply.code(204).send();
    });

    guarded.put('/tvpi/devices/:id/change-active', async (request) => {
      const id = idParam(request);
      const body = parse(ChangeActiveBody, request.body ?? {});
      const row = await present(id, await edit(request));
      const isActive = body.is_active ?? !row.device.isActive;
      await updateDevice(db, id, { isActive });
      ctx.players.forgetDevice(id);
      await record(db, { userId: currentUser(request).id, action: isActive ? 'activate' : 'deactivate', entity: 'device', entityId: id, changes: row.device.isActive === isActive ? {} : { is_active: [row.device.isActive, isActive] } });
      return answer(id);
    });

    guarded.post('/tvpi/devices/:id/send-command', async (request, reply) => {
      const id = idParam(request);
      const body = parse(SendCommandBody, request.body);
      const row = await present(id, await edit(request));
      if (!row.device.isActive) throw conflict('device_disabled', 'The device is disabled.');
      const command = await queueCommand(db, id, body.command, currentUser(request).id);
      ctx.players.commandQueued(id);
      await record(db, { userId: currentUser(request).id, action: 'command', entity: 'device', entityId: id, detail: { command: body.command }, changes: { command: [null, body.command] } });
      return reply.code(202).send({ id: command.id, device: id, command: body.command, status: 'queued', created_at: command.createdAt.toISOString() });
    });

    guarded.put('/tvpi/device/:id/upload-photo', async (request) => {
      const id = idParam(request);
      await present(id, await edit(request));
      let stored: { file: string; type: PhotoType } | null = null;
      if (request.isMultipart()) {
        stored = await receivePhoto(request, store);
      } else {
        parse(ClearPhotoBody, request.body);
      }
      const result = await setDevicePhoto(db, id, stored?.file ?? null, stored?.type ?? null);
      if (!result) {
        if (stored) await store.remove([photoKey(stored.file)]);
        throw notFound('Device');
      }
      if (result.previous && PHOTO_NAME.test(result.previous)) await store.remove([photoKey(result.previous)]);
      await record(db, { userId: currentUser(request).id, action: stored ? 'set_photo' : 'clear_photo', entity: 'device', entityId: id });
      return answer(id);
    });

    guarded.get('/tvpi/devices/:id/photo', async (request, reply) => {
      await present(idParam(request), await view(request));
      const photo = await devicePhoto(db, idParam(request));
      if (!photo) throw notFound('Device');
      if (!photo.file || !PHOTO_NAME.test(photo.file)) throw notFound('Photo');
      if (!(await store.stat(photoKey(photo.file)))) throw notFound('Photo');
      return sendStoredFile(request, reply, store, photoKey(photo.file), photo.type ?? 'application/octet-stream', { cacheControl: 'private, max-age=31536000, immutable' });
    });

    guarded.get('/tvpi/devices/:id/configs/', async (request) => {
      const id = idParam(request);
      await present(id, await view(request));
      return listConfigs(db, id);
    });

    guarded.put('/tvpi/devices/:id/configs/:configId', async (request) => {
      const id = idParam(request);
      const configId = idParam(request, 'configId');
      await present(id, await edit(request));
      const body = parse(ConfigUpdateBody, request.body);
      if (body.path !== undefined) body.path = configPathUnder(ctx.config.playerConfigDir, body.path);
      const current = await findConfig(db, id, configId);
      if (!current) throw notFound('Config');
      const invalid = configContentError(body.path ?? current.path, body.content);
      if (invalid) throw badRequest(invalid, 'The config is not valid JSON.', { content: invalid });
      let saved;
      try {
        saved = await updateConfig(db, id, configId, { content: body.content, ...(body.name ? { name: body.name } : {}), ...(body.path ? { path: body.path } : {}) });
      } catch (error) {
        if (violatedUniqueIndex(error)) throw conflict('config_path_taken', 'The device already has a config at this path.', { path: 'taken' });
        throw error;
      } finally {
        ctx.players.forgetDevice(id);
      }
      if (!saved) throw notFound('Config');
      await record(db, {
        userId: currentUser(request).id, action: 'update', entity: 'device_config', entityId: configId, detail: { device: id, path: saved.path },
        before: { name: current.name, path: current.path, content: current.content }, after: { name: saved.name, path: saved.path, content: saved.content },
      });
      return saved;
    });
  });
}

/**
 * Streams the `photo` part to a scratch file, checking its first bytes (PNG, JPEG or WebP) and its size (at most 5 MB)
 * while it arrives, then stores it as photos/<random name>.
 */
async function receivePhoto(request: FastifyRequest, store: MediaStore): Promise<{ file: string; type: PhotoType }> {
  // A multipart type without a boundary, or a body busboy cannot read, is the client's fault: 400, never 500.
  const part = await request.file({ limits: { fileSize: MAX_DEVICE_PHOTO_BYTES, files: 1, fields: 10 } }).catch((error: unknown) => {
    throw error instanceof ApiError || (error as { statusCode?: number }).statusCode ? error : badRequest('invalid_multipart', 'The multipart body could not be read.');
  });
  if (!part || part.fieldname !== 'photo') {
    part?.file.resume();
    throw badRequest('validation_error', 'The photo file is required.', { photo: 'required' });
  }
  await store.ensure();
  const stem = randomBytes(16).toString('hex');
  const temporary = store.scratchPath();
  const notAnImage = () => badRequest('not_an_image', 'The photo must be a PNG, JPEG or WebP image.', { photo: 'not_an_image' });
  try {
    const { type, head } = await writeImageFile(part.file, temporary, notAnImage);
    if (part.file.truncated) throw new ApiError(413, 'too_large', `The photo is larger than ${MAX_DEVICE_PHOTO_BYTES / 1024 / 1024} MB.`, { photo: 'too_large' });
    if (!type) throw notAnImage();
    await checkPicture(head, async () => ({ path: temporary, release: async () => undefined }), 'image', 'image', 'photo');
    const file = `${stem}.${PHOTO_EXTENSIONS[type]}`;
    await store.putFile(`photos/${file}`, temporary, type);
    return { file, type };
  } catch (error) {
    await fsp.rm(temporary, { force: true });
    // A body that ends before its closing boundary breaks the file stream: the client's fault, 400 like any unreadable body.
    throw error instanceof ApiError || (error as { statusCode?: number }).statusCode ? error : badRequest('invalid_multipart', 'The multipart body could not be read.');
  }
}
