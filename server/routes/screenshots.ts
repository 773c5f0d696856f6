import { randomBytes } from 'node:crypto';
import fsp from 'node:fs/promises';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import multipart from '@fastify/multipart';
import { optional, type } from 'superstruct';
import { BoundedIdParam } from '../../src/services/schemas/devices.ts';
import { MAX_SCREENSHOT_BYTES, type DeviceScreenshot } from '../../src/services/schemas/screenshots.ts';
import type { AppContext } from '../context.ts';
import { findDevice } from '../db/devices.ts';
import { addScreenshot, findScreenshot, listScreenshots } from '../db/screenshots.ts';
import { record } from '../domain/journal.ts';
import { areaScope, assertVisible } from '../domain/scope.ts';
import { writeImageFile } from '../media/imageFile.ts';
import { checkPicture } from '../media/pictureSize.ts';
import { ffmpegPath, runTool } from '../media/tools.ts';
import { hitRateLimit } from '../domain/rateLimit.ts';
import { sendStoredFile } from '../media/serve.ts';
import type { MediaStore } from '../media/storage.ts';
import { ApiError, badRequest, notFound, parse, unauthorized } from '../errors.ts';
import { requireUser } from '../plugins/auth.ts';
import { authenticatePlayer } from './player.ts';

/**
 * Screenshots (issue 25): `POST /player/screenshot/` takes a player's JPEG (multipart part `screenshot`, the SCREENSHOT
 * command it answers in `?command=`), `GET /tvpi/devices/{id}/screenshots/` lists the kept ones and
 * `GET /tvpi/devices/{id}/screenshots/{shot}` answers one. Files live in the media store under screenshots/<device>/.
 */
const UploadQuery = type({ command: optional(BoundedIdParam) });
/** A multipart body carries a little more than its file (boundaries, part headers). */
const MULTIPART_OVERHEAD = 16 * 1024;

const screenshotKey = (deviceId: number, file: string) => `screenshots/${deviceId}/${file}`;
export const screenshotsPrefix = (deviceId: number) => `screenshots/${deviceId}/`;

function idParam(request: FastifyRequest, name = 'id'): number {
  return parse(type({ [name]: BoundedIdParam }), request.params)[name]!;
}

const tooLarge = () => new ApiError(413, 'too_large', `A screenshot is at most ${MAX_SCREENSHOT_BYTES / 1024 / 1024} MB.`, { screenshot: 'too_large' });
const notJpeg = () => badRequest('not_a_jpeg', 'A screenshot must be a JPEG image.', { screenshot: 'not_a_jpeg' });
const undecodable = () => badRequest('invalid_image', 'The screenshot could not be decoded as a JPEG.', { screenshot: 'invalid_image' });

/**
 * Screenshots a device may upload a minute (each is stored and writes a journal row); beyond, 429 `rate_limited`. The
 * card asks for one at a time and waits up to 30 s for it, so a player answering commands never comes near.
 */
export const SCREENSHOTS_PER_MINUTE = 12;

/**
 * Decodes the JPEG's first frame (ffmpeg, decode errors fatal): a file whose first bytes only look like a JPEG (4 bytes
 * of header, a truncated or corrupt stream) is refused rather than kept and shown as a broken picture. Run after the
 * declared size was held to the layout limit, so nothing over 8192 x 8192 is ever decoded.
 */
async function assertDecodes(file: string): Promise<void> {
  try {
    await runTool(ffmpegPath(), ['-hide_banner', '-nostdin', '-v', 'error', '-xerror', '-err_detect', 'explode', '-threads', '1', '-f', 'jpeg_pipe', '-i', file, '-frames:v', '1', '-f', 'null', '-'], {
      timeoutMs: 30_000,
      niceness: 5,
      maxStdout: 1024,
    });
  } catch {
    throw undecodable();
  }
}

/** Streams the `screenshot` part to a scratch file, refusing it as soon as its first bytes are not JPEG or it grows too large. */
async function receiveScreenshot(request: FastifyRequest, store: MediaStore): Promise<{ temporary: string; bytes: number }> {
  if (Number(request.headers['content-length']) > MAX_SCREENSHOT_BYTES + MULTIPART_OVERHEAD) throw tooLarge();
  if (!request.isMultipart()) throw badRequest('validation_error', 'Send the screenshot as multipart/form-data.', { screenshot: 'required' });
  const part = await request.file({ limits: { fileSize: MAX_SCREENSHOT_BYTES, files: 1, fields: 5 } }).catch((error: unknown) => {
    throw error instanceof ApiError || (error as { statusCode?: number }).statusCode ? error : badRequest('invalid_multipart', 'The multipart body could not be read.');
  });
  if (!part || part.fieldname !== 'screenshot') {
    part?.file.resume();
    throw badRequest('validation_error', 'The screenshot file is required.', { screenshot: 'required' });
  }
  await store.ensure();
  const temporary = store.scratchPath('jpg');
  try {
    const { type: kind, bytes, head } = await writeImageFile(part.file, temporary, notJpeg);
    if (part.file.truncated) throw tooLarge();
    if (kind !== 'image/jpeg') throw notJpeg();
    // The layouts' limit (8192 x 8192) from the declared size, before anything decodes it; then it must decode.
    await checkPicture(head, async () => ({ path: temporary, release: async () => undefined }), 'image', 'image', 'screenshot');
    await assertDecodes(temporary);
    return { temporary, bytes };
  } catch (error) {
    await fsp.rm(temporary, { force: true });
    throw error instanceof ApiError || (error as { statusCode?: number }).statusCode ? error : badRequest('invalid_multipart', 'The multipart body could not be read.');
  }
}

export default async function screenshotRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const { db } = ctx;
  const store = ctx.media;
  if (!app.hasRequestDecorator('isMultipart')) {
    await app.register(multipart, { limits: { fileSize: MAX_SCREENSHOT_BYTES, files: 1, fields: 5 } });
  }

  app.post('/player/screenshot/', { config: { machineClients: true }, compress: false }, async (request, reply) => {
    const serial = request.headers['x-device-serial'];
    const key = request.headers['x-device-key'];
    if (typeof serial !== 'string' || typeof key !== 'string') throw unauthorized('device_key_required', 'Send X-Device-Serial and X-Device-Key.');
    const player = await authenticatePlayer(ctx, serial, key);
    const { command } = parse(UploadQuery, request.query ?? {});
    // Counted per device in the database (every instance shares it), before the body is read or anything decoded.
    const limit = await hitRateLimit(db, `screenshot:${player.id}`, SCREENSHOTS_PER_MINUTE, 60);
    if (!limit.allowed) {
      reply.header('Retry-After', String(limit.retryAfter));
      throw new ApiError(429, 'rate_limited', `At most ${SCREENSHOTS_PER_MINUTE} screenshots a minute per device. Try again in ${limit.retryAfter} s.`);
    }
    const { temporary, bytes } = await receiveScreenshot(request, store);
    const file = `${Date.now()}-${randomBytes(8).toString('hex')}.jpg`;
    await store.putFile(screenshotKey(player.id, file), temporary, 'image/jpeg');
    let saved: Awaited<ReturnType<typeof addScreenshot>>;
    try {
      saved = await addScreenshot(db, player.id, file, bytes, command ?? null);
    } catch (error) {
      await store.remove([screenshotKey(player.id, file)]);
      throw error;
    }
    await store.remove(saved.dropped.map((name) => screenshotKey(player.id, name)));
    await record(db, { userId: null, action: 'screenshot', entity: 'device', entityId: player.id, detail: { screenshot: saved.id, command: command ?? null }, changes: { screenshot: [null, saved.id] } });
    return reply.code(201).send({ id: saved.id });
  });

  app.register(async (guarded) => {
    guarded.addHook('preHandler', requireUser(ctx));
    const visibleDevice = async (request: FastifyRequest) => {
      const id = idParam(request);
      const device = await findDevice(db, id);
      if (!device) throw notFound('Device');
      assertVisible(await areaScope(ctx, request, 'devices', 'view'), device.companyId, 'Device');
      return id;
    };

    guarded.get('/tvpi/devices/:id/screenshots/', async (request): Promise<{ results: DeviceScreenshot[] }> => {
      const id = await visibleDevice(request);
      const found = await listScreenshots(db, id);
      return {
        results: found.map(({ file: _file, ...shot }) => ({ ...shot, id: Number(shot.id), bytes: Number(shot.bytes), command: shot.command === null ? null : Number(shot.command), link: `${app.prefix}/tvpi/devices/${id}/screenshots/${shot.id}` })),
      };
    });

    guarded.get('/tvpi/devices/:id/screenshots/:shot', async (request, reply) => {
      const id = await visibleDevice(request);
      const shot = await findScreenshot(db, id, idParam(request, 'shot'));
      if (!shot) throw notFound('Screenshot');
      return sendStoredFile(request, reply, store, screenshotKey(id, shot.file), 'image/jpeg', { cacheControl: 'private, max-age=31536000, immutable' });
    });
  });
}
