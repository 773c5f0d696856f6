import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import multipart from '@fastify/multipart';
import { type } from 'superstruct';
import { BoundedIdParam } from '../../src/services/schemas/devices.ts';
import {
  DEFAULT_MARKER_COLOR,
  DEFAULT_PLACEHOLDER,
  DeviceNavigationBody,
  MarkerCreateBody,
  MarkerListQuery,
  MarkerUpdateBody,
  MAX_MARKER_PHOTO_BYTES,
  MAX_NAVIGATION_FILE_BYTES,
  ObjectListQuery,
  ObjectName,
  ObjectRenameBody,
  type DeviceNavigation,
  type Marker,
  type NavigationObject,
  type PlayerNavigation,
} from '../../src/services/schemas/navigation.ts';
import { IdParam } from '../../src/services/schemas/common.ts';
import type { AppContext } from '../context.ts';
import {
  deleteMarker,
  deleteObject,
  deviceOffice,
  ensureDeviceNavigation,
  findDeviceNavigation,
  findMarker,
  findObject,
  insertMarker,
  insertObject,
  listMarkers,
  listObjects,
  markersByIds,
  markSent,
  nameTaken,
  officeOf,
  officesWithObjects,
  saveDeviceNavigation,
  sentNavigation,
  updateMarker,
  updateObject,
  type MarkerRow,
  type MarkerWithDevice,
  type ObjectRow,
} from '../db/navigation.ts';
import { navigationVersions } from '../db/navigationVersions.ts';
import { record } from '../domain/journal.ts';
import { areaScope, assertVisible, type Scope } from '../domain/scope.ts';
import { pageOf, pageRequest } from '../domain/paging.ts';
import { makeDisplayCopy, NAVIGATION_FILE, navigationKey, receiveImageForm, removeNavigationFiles } from '../media/navigationImages.ts';
import { sendStoredFile } from '../media/serve.ts';
import { badRequest, conflict, notFound, parse } from '../errors.ts';
import { currentUser, requireUser } from '../plugins/auth.ts';
import { authenticatePlayer } from './player.ts';

const MAX_MARKERS_PER_OBJECT = 5000;

function idParam(request: FastifyRequest, name = 'id'): number {
  return parse(type({ [name]: BoundedIdParam }), request.params)[name]!;
}

const stemOf = (file: string) => file.slice(0, 32);

/** Navigation: layouts per office, markers on them, each device's map, its send, and the player's read of it. */
export default async function navigationRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const { db } = ctx;
  const store = ctx.media;
  const versions = navigationVersions(db);
  if (!app.hasRequestDecorator('isMultipart')) {
    await app.register(multipart, { limits: { fileSize: MAX_NAVIGATION_FILE_BYTES, files: 1, fields: 10 }, throwFileSizeLimit: false });
  }

  const toObject = (row: ObjectRow): NavigationObject => ({
    id: row.id,
    office: row.officeId,
    name: row.name,
    layout: `${app.prefix}/navigation/objects/${row.id}/layout?v=${stemOf(row.displayFile)}`,
    width: row.width,
    height: row.height,
    created_at: new Date(row.createdAt).toISOString(),
  });
  const toMarker = (row: MarkerWithDevice | MarkerRow): Marker => ({
    id: row.id,
    object: row.objectId,
    kind: row.kind as Marker['kind'],
    device: row.deviceId,
    x: row.x,
    y: row.y,
    color: row.color,
    description: row.description,
    photo: row.photoFile ? `${app.prefix}/navigation/markers/${row.id}/photo?v=${stemOf(row.photoFile)}` : null,
    ...('deviceName' in row && row.deviceId ? { device_name: row.deviceName, device_status: row.deviceStatus } : {}),
  });
  const sendFile = (request: FastifyRequest, reply: FastifyReply, file: string | null | undefined, contentType: string) => {
    if (!file || !NAVIGATION_FILE.test(file)) throw notFound('Image');
    return sendStoredFile(request, reply, store, navigationKey(file), contentType, { cacheControl: 'private, max-age=31536000, immutable' });
  };
  const nameConflict = () => conflict('object_name_taken', 'Object with this name already exists', { name: 'taken' });
  /** A device marker's device must exist and stand in the object's office. */
  const checkMarkerDevice = async (kind: string, device: number | null | undefined, object: ObjectRow) => {
    if (kind === 'device' && !device) throw badRequest('validation_error', 'A device marker needs its device.', { device: 'required' });
    if (kind !== 'device' && device) throw badRequest('validation_error', 'Only a device marker has a device.', { device: 'not_allowed' });
    if (!device) return;
    const found = await deviceOffice(db, device);
    if (!found) throw badRequest('unknown_device', 'The device does not exist.', { device: 'not_found' });
    if (found.officeId !== object.officeId) throw badRequest('device_not_in_office', "The device is not in the object's office.", { device: 'other_office' });
  };

  // Navigation belongs to the devices area: reads need 'view', writes 'edit'; everything is seen through the owning
  // company of its office (a foreign or absent id answers 404 alike).
  const scopes = new WeakMap<FastifyRequest, Scope>();
  const scopeOf = (request: FastifyRequest) => scopes.get(request)!;
  const officeVisible = async (request: FastifyRequest, officeId: number | null | undefined, entity: string) => {
    const office = officeId ? await officeOf(db, officeId) : undefined;
    assertVisible(scopeOf(request), office?.companyId, entity);
  };
  const visibleObject = async (request: FastifyRequest, id: number) => {
    const row = await findObject(db, id);
    await officeVisible(request, row?.officeId, 'Object');
    return row!;
  };
  const visibleMarker = async (request: FastifyRequest, id: number) => {
    const row = await findMarker(db, id);
    const object = row ? await findObject(db, row.objectId) : undefined;
    await officeVisible(request, object?.officeId, 'Marker');
    return row!;
  };
  const visibleDevice = async (request: FastifyRequest, id: number) => {
    const device = await deviceOffice(db, id);
    if (!device) throw notFound('Device');
    await officeVisible(request, device.officeId, 'Device');
    return device;
  };

  await app.register(async (panel) => {
    panel.addHook('preHandler', requireUser(ctx));
    panel.addHook('preHandler', async (request) => {
      scopes.set(request, await areaScope(ctx, request, 'devices', request.method === 'GET' ? 'view' : 'edit'));
    });

    panel.get('/navigation/offices/', async (request) => {
      const query = parse(type({ company: IdParam }), { company: (request.query as Record<string, unknown>).company ?? '1' });
      const company = (request.query as Record<string, unknown>).company === undefined ? undefined : query.company;
      const paging = pageRequest(request.query as Record<string, unknown>);
      const { total, rows } = await officesWithObjects(db, company, scopeOf(request).companies, paging.pageSize, paging.offset);
      return pageOf(request.url, paging, total, rows.map((r) => ({ id: r.id, name: r.name, company: r.companyId, company_name: r.companyName, objects: r.objects })));
    });

    panel.get('/navigation/objects/', async (request) => {
      const { office } = parse(ObjectListQuery, request.query);
      await officeVisible(request, office, 'Office');
      const paging = pageRequest(request.query as Record<string, unknown>);
      const rows = await listObjects(db, office);
      return pageOf(request.url, paging, rows.length, rows.slice(paging.offset, paging.offset + paging.pageSize).map(toObject));
    });

    panel.post('/navigation/objects/create/', async (request, reply) => {
      if (!request.isMultipart()) throw badRequest('validation_error', 'Send the object as multipart/form-data with office, name and layout.', { layout: 'required' });
      const { fields, image } = await receiveImageForm(request, store, 'layout', MAX_NAVIGATION_FILE_BYTES);
      try {
        const office = parse(type({ office: IdParam }), { office: fields.office }).office;
        const name = parse(type({ name: ObjectName }), { name: fields.name }).name.trim();
        if (!image) throw badRequest('validation_error', 'The layout image is required.', { layout: 'required' });
        const owner = await officeOf(db, office);
        if (!owner || !(scopeOf(request).companies === null || scopeOf(request).companies!.includes(owner.companyId))) {
          throw badRequest('unknown_office', 'The branch office does not exist.', { office: 'not_found' });
        }
        if (await nameTaken(db, office, name)) throw nameConflict();
        const copy = await makeDisplayCopy(store, image.file);
        const row = await insertObject(db, { officeId: office, name, sourceFile: image.file, displayFile: copy.displayFile, width: copy.width, height: copy.height });
        if (!row) {
          await removeNavigationFiles(store, [copy.displayFile]);
          throw nameConflict();
        }
        await record(db, { userId: currentUser(request).id, action: 'create', entity: 'navigation_object', entityId: row.id, detail: { name, office, bytes: image.bytes } });
        return reply.code(201).send(toObject(row));
      } catch (error) {
        await removeNavigationFiles(store, [image?.file]);
        throw error;
      }
    });

    panel.get('/navigation/objects/:id', async (request) => toObject(await visibleObject(request, idParam(request))));

    panel.get('/navigation/objects/:id/layout', async (request, reply) => sendFile(request, reply, (await visibleObject(request, idParam(request))).displayFile, 'image/webp'));

    panel.put('/navigation/objects/:id', async (request) => {
      const id = idParam(request);
      const current = await visibleObject(request, id);
      let name: string | undefined;
      let image: Awaited<ReturnType<typeof receiveImageForm>>['image'] = null;
      if (request.isMultipart()) {
        const form = await receiveImageForm(request, store, 'layout', MAX_NAVIGATION_FILE_BYTES);
        image = form.image;
        try {
          if (form.fields.name !== undefined) name = parse(type({ name: ObjectName }), { name: form.fields.name }).name.trim();
          if (!image && name === undefined) throw badRequest('validation_error', 'Send a new name or a new layout.', { layout: 'required' });
        } catch (error) {
          await removeNavigationFiles(store, [image?.file]);
          throw error;
        }
      } else {
        name = parse(ObjectRenameBody, request.body).name.trim();
      }
      let copy: Awaited<ReturnType<typeof makeDisplayCopy>> | null = null;
      try {
        if (name !== undefined && (await nameTaken(db, current.officeId, name, id))) throw nameConflict();
        if (image) copy = await makeDisplayCopy(store, image.file);
        const patch = {
          ...(name !== undefined ? { name } : {}),
          ...(image && copy ? { sourceFile: image.file, displayFile: copy.displayFile, width: copy.width, height: copy.height } : {}),
        };
        const row = await updateObject(db, id, patch);
        if (row === 'taken') throw nameConflict();
        if (!row) throw notFound('Object');
        if (image) await removeNavigationFiles(store, [current.sourceFile, current.displayFile]);
        await record(db, {
          userId: currentUser(request).id,
          action: 'update',
          entity: 'navigation_object',
          entityId: id,
          detail: { ...(name !== undefined ? { name: [current.name, name] } : {}), ...(image ? { layout: 'replaced' } : {}) },
        });
        return toObject(row);
      } catch (error) {
        await removeNavigationFiles(store, [image?.file, copy?.displayFile]);
        throw error;
      }
    });

    panel.delete('/navigation/objects/:id', async (request, reply) => {
      const id = idParam(request);
      await visibleObject(request, id);
      const files = await deleteObject(db, id);
      if (!files) throw notFound('Object');
      await removeNavigationFiles(store, files);
      await record(db, { userId: currentUser(request).id, action: 'delete', entity: 'navigation_object', entityId: id });
      return reply.code(204).send();
    });

    panel.get('/navigation/markers/', async (request) => {
      const { object } = parse(MarkerListQuery, request.query);
      await visibleObject(request, object);
      const rows = await listMarkers(db, object);
      return { count: rows.length, next: null, previous: null, results: rows.map(toMarker) };
    });

    panel.post('/navigation/markers/create/', async (request, reply) => {
      const body = parse(MarkerCreateBody, request.body);
      const object = await findObject(db, body.object);
      const owner = object ? await officeOf(db, object.officeId) : undefined;
      if (!object || !owner || !(scopeOf(request).companies === null || scopeOf(request).companies!.includes(owner.companyId))) {
        throw badRequest('unknown_object', 'The navigation object does not exist.', { object: 'not_found' });
      }
      await checkMarkerDevice(body.kind, body.device, object);
      if ((await listMarkers(db, object.id)).length >= MAX_MARKERS_PER_OBJECT) {
        throw badRequest('too_many_markers', `An object holds at most ${MAX_MARKERS_PER_OBJECT} markers.`, { object: 'too_many_markers' });
      }
      const row = await insertMarker(db, {
        objectId: object.id,
        kind: body.kind,
        deviceId: body.device ?? null,
        x: body.x,
        y: body.y,
        color: body.color ?? DEFAULT_MARKER_COLOR,
        description: body.description ?? '',
      });
      if (row === 'taken') throw conflict('device_marker_exists', 'The device already has a marker on this object.', { device: 'taken' });
      await record(db, { userId: currentUser(request).id, action: 'create', entity: 'navigation_marker', entityId: row.id, detail: { object: object.id, kind: row.kind } });
      return reply.code(201).send(toMarker((await findMarker(db, row.id))!));
    });

    panel.get('/navigation/markers/:id', async (request) => {
      return toMarker(await visibleMarker(request, idParam(request)));
    });

    panel.get('/navigation/markers/:id/photo', async (request, reply) => {
      const row = await visibleMarker(request, idParam(request));
      return sendFile(request, reply, row.photoFile, row.photoType ?? 'application/octet-stream');
    });

    panel.put('/navigation/markers/:id', async (request) => {
      const id = idParam(request);
      const current = await visibleMarker(request, id);
      if (request.isMultipart()) {
        const { image } = await receiveImageForm(request, store, 'photo', MAX_MARKER_PHOTO_BYTES);
        if (!image) throw badRequest('validation_error', 'The photo file is required.', { photo: 'required' });
        const row = await updateMarker(db, id, { photoFile: image.file, photoType: image.type });
        if (!row || row === 'taken') {
          await removeNavigationFiles(store, [image.file]);
          throw notFound('Marker');
        }
        await removeNavigationFiles(store, [current.photoFile]);
        await record(db, { userId: currentUser(request).id, action: 'set_photo', entity: 'navigation_marker', entityId: id });
        return toMarker((await findMarker(db, id))!);
      }
      const body = parse(MarkerUpdateBody, request.body);
      if (body.photo !== undefined && body.photo !== null) throw badRequest('validation_error', 'A photo is sent as multipart; null clears it.', { photo: 'invalid' });
      const kind = body.kind ?? current.kind;
      const device = body.device === undefined ? current.deviceId : body.device;
      const object = (await findObject(db, current.objectId))!;
      await checkMarkerDevice(kind, kind === 'device' ? device : body.device, object);
      const patch = {
        kind,
        deviceId: kind === 'device' ? device : null,
        ...(body.x !== undefined ? { x: body.x } : {}),
        ...(body.y !== undefined ? { y: body.y } : {}),
        ...(body.color !== undefined ? { color: body.color } : {}),
        ...(body.description !== undefined ? { description: body.description } : {}),
        ...(body.photo === null ? { photoFile: null, photoType: null } : {}),
      };
      const row = await updateMarker(db, id, patch);
      if (row === 'taken') throw conflict('device_marker_exists', 'The device already has a marker on this object.', { device: 'taken' });
      if (!row) throw notFound('Marker');
      if (body.photo === null) await removeNavigationFiles(store, [current.photoFile]);
      const changes = Object.fromEntries(
        (['kind', 'x', 'y', 'color', 'description'] as const).filter((k) => body[k] !== undefined && body[k] !== current[k]).map((k) => [k, [current[k], body[k]]]),
      );
      await record(db, { userId: currentUser(request).id, action: 'update', entity: 'navigation_marker', entityId: id, detail: { changes } });
      return toMarker((await findMarker(db, id))!);
    });

    panel.delete('/navigation/markers/:id', async (request, reply) => {
      const id = idParam(request);
      await visibleMarker(request, id);
      const row = await deleteMarker(db, id);
      if (!row) throw notFound('Marker');
      await removeNavigationFiles(store, [row.photoFile]);
      await record(db, { userId: currentUser(request).id, action: 'delete', entity: 'navigation_marker', entityId: id, detail: { object: row.objectId } });
      return reply.code(204).send();
    });

    const deviceNavigation = async (deviceId: number): Promise<DeviceNavigation> => {
      const row = await findDeviceNavigation(db, deviceId);
      if (!row) {
        return { device: deviceId, object: null, x: 0.5, y: 0.5, comment: '', placeholder: DEFAULT_PLACEHOLDER, markers: null, version: 0, sent_version: 0 };
      }
      // Where the screen stands is its device marker when one exists (it may have been moved through the markers API).
      const own = row.objectId ? (await listMarkers(db, row.objectId)).find((m) => m.deviceId === deviceId) : undefined;
      return {
        device: deviceId,
        object: row.objectId,
        x: own?.x ?? row.x,
        y: own?.y ?? row.y,
        comment: row.comment,
        placeholder: row.placeholder,
        markers: row.markers,
        version: row.version,
        sent_version: row.sentVersion,
      };
    };

    panel.get('/navigation/devices/:deviceId/', async (request) => {
      const deviceId = idParam(request, 'deviceId');
      await visibleDevice(request, deviceId);
      return deviceNavigation(deviceId);
    });

    panel.put('/navigation/devices/:deviceId/', async (request) => {
      const deviceId = idParam(request, 'deviceId');
      const body = parse(DeviceNavigationBody, request.body);
      const device = await visibleDevice(request, deviceId);
      const current = await deviceNavigation(deviceId);
      const objectId = body.object === undefined ? current.object : body.object;
      if (objectId !== null) {
        const object = await findObject(db, objectId);
        if (!object) throw badRequest('unknown_object', 'The navigation object does not exist.', { object: 'not_found' });
        if (object.officeId !== device.officeId) throw badRequest('object_not_in_office', "The object is not in the device's office.", { object: 'other_office' });
      }
      const markers = body.markers === undefined ? (objectId === current.object ? current.markers : null) : body.markers;
      if (markers && markers.length) {
        const known = new Set((objectId ? await markersByIds(db, objectId, markers) : []).map((m) => m.id));
        const unknown = markers.findIndex((id) => !known.has(id));
        if (unknown >= 0) throw badRequest('unknown_marker', 'A marker is not on the object.', { [`markers.${unknown}`]: 'not_found' });
      }
      await saveDeviceNavigation(db, deviceId, {
        objectId,
        x: body.x ?? current.x,
        y: body.y ?? current.y,
        comment: body.comment ?? current.comment,
        placeholder: body.placeholder ?? current.placeholder,
        markers,
      });
      const saved = await deviceNavigation(deviceId);
      const changes = Object.fromEntries(
        // The placeholder and the markers the screen shows compare by value (objects and lists).
        (['object', 'x', 'y', 'comment', 'placeholder', 'markers'] as const).filter((k) => JSON.stringify(saved[k]) !== JSON.stringify(current[k])).map((k) => [k, [current[k], saved[k]]]),
      );
      await record(db, { userId: currentUser(request).id, action: 'update', entity: 'device_navigation', entityId: deviceId, detail: { changes, version: saved.version } });
      return saved;
    });

    panel.post('/navigation/devices/:deviceId/send/', async (request) => {
      const deviceId = idParam(request, 'deviceId');
      await visibleDevice(request, deviceId);
      await ensureDeviceNavigation(db, deviceId, { placeholder: DEFAULT_PLACEHOLDER });
      const current = await deviceNavigation(deviceId);
      const object = current.object ? await findObject(db, current.object) : undefined;
      const markers = object ? await markersByIds(db, object.id, current.markers) : [];
      const sentVersion = await markSent(db, deviceId, (version) => ({
        version,
        object: object
          ? { id: object.id, name: object.name, layout: `${app.prefix}/player/navigation/layout/?v=${stemOf(object.displayFile)}`, width: object.width, height: object.height }
          : null,
        position: { x: current.x, y: current.y },
        comment: current.comment,
        placeholder: current.placeholder,
        markers: markers.map((m) => ({
          id: m.id,
          kind: m.kind as Marker['kind'],
          device: m.deviceId,
          x: m.x,
          y: m.y,
          color: m.color,
          description: m.description,
          photo: m.photoFile ? `${app.prefix}/player/navigation/markers/${m.id}/photo?v=${stemOf(m.photoFile)}` : null,
        })),
      }));
      versions.sent(deviceId, sentVersion);
      await record(db, { userId: currentUser(request).id, action: 'send', entity: 'device_navigation', entityId: deviceId, detail: { version: sentVersion } });
      return { device: deviceId, sent_version: sentVersion };
    });
  });

  await app.register(async (player) => {
    const machineRoute = { config: { machineClients: true }, compress: false } as const;
    const sentOf = async (request: FastifyRequest) => {
      const serial = request.headers['x-device-serial'];
      const key = request.headers['x-device-key'];
      if (typeof serial !== 'string' || typeof key !== 'string') throw badRequest('validation_error', 'The player sends X-Device-Serial and X-Device-Key.', { serial: 'required' });
      const credentials = await authenticatePlayer(ctx, serial, key);
      return sentNavigation(db, credentials.id);
    };

    player.get('/player/navigation/', machineRoute, async (request): Promise<PlayerNavigation> => {
      const sent = await sentOf(request);
      if (sent?.sent) return sent.sent;
      return { version: 0, object: null, position: { x: 0.5, y: 0.5 }, comment: '', placeholder: DEFAULT_PLACEHOLDER, markers: [] };
    });

    player.get('/player/navigation/layout/', machineRoute, async (request, reply) => {
      const objectId = ((await sentOf(request))?.sent?.object as { id?: number } | null | undefined)?.id;
      const object = objectId ? await findObject(db, objectId) : undefined;
      if (!object) throw notFound('Layout');
      return sendFile(request, reply, object.displayFile, 'image/webp');
    });

    player.get('/player/navigation/markers/:id/photo', machineRoute, async (request, reply) => {
      const id = idParam(request);
      const sent = (await sentOf(request))?.sent;
      if (!sent?.markers.some((m) => m.id === id)) throw notFound('Marker');
      const row = await findMarker(db, id);
      if (!row) throw notFound('Marker');
      return sendFile(request, reply, row.photoFile, row.photoType ?? 'application/octet-stream');
    });
  });
}
