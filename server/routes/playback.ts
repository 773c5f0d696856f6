import type { FastifyInstance, FastifyRequest } from 'fastify';
import { IdParam } from '../../src/services/schemas/common.ts';
import type { DevicePlayback, MediaPlayback } from '../../src/services/schemas/playback.ts';
import type { AppContext } from '../context.ts';
import { findDevice } from '../db/devices.ts';
import { findMediaFile } from '../db/media.ts';
import { devicePlayback, mediaPlayback } from '../db/playback.ts';
import { playingRenditions } from '../db/renditions.ts';
import { effectiveCapabilities } from '../domain/renditions.ts';
import { areaScope, assertVisible } from '../domain/scope.ts';
import { notFound, parse } from '../errors.ts';
import { requireUser } from '../plugins/auth.ts';

/*
 * What the panel shows of delivery (issue 24): a device's capabilities, now playing and latest skipped files (device
 * card), and the devices playing or failing to play a file (media details). Read with the area's view permission.
 */

const idOf = (request: FastifyRequest) => parse(IdParam, (request.params as { id: string }).id);

export default async function playbackRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const { db } = ctx;
  app.addHook('preHandler', requireUser(ctx));

  app.get('/tvpi/devices/:id/playback/', async (request): Promise<DevicePlayback> => {
    const id = idOf(request);
    const device = await findDevice(db, id);
    if (!device) throw notFound('Device');
    assertVisible(await areaScope(ctx, request, 'devices', 'view'), device.companyId, 'Device');
    // Now playing is written with the heartbeat's contact: what this instance answered and holds goes first.
    await ctx.contacts.flush();
    const found = await devicePlayback(db, id);
    if (!found) throw notFound('Device');
    const { nowPlaying } = found;
    const layout = nowPlaying?.layout ?? null;
    // One read for the files of the item: the one named and each zone's (issue 36).
    const zoneFiles = layout ? layout.zones.flatMap((zone) => (zone.media === null ? [] : [zone.media])) : [];
    const files = nowPlaying ? [...(nowPlaying.media === null ? [] : [nowPlaying.media]), ...zoneFiles] : [];
    const renditions = nowPlaying && files.length ? await playingRenditions(db, id, nowPlaying.event, files) : new Map();
    // A layout of widgets alone (issue 38) plays no file: `media` null, the layout and its zones' widgets say what shows.
    const rendition = nowPlaying && nowPlaying.media !== null ? renditions.get(nowPlaying.media) ?? null : null;
    return {
      device: id,
      capabilities: effectiveCapabilities(found.deviceType, found.capabilities),
      now_playing: nowPlaying && {
        event: nowPlaying.event,
        media: nowPlaying.media,
        name: nowPlaying.name,
        started_at: nowPlaying.started_at,
        reported_at: nowPlaying.reported_at,
        preview: nowPlaying.preview && nowPlaying.media !== null ? `${app.prefix}/media/files/${nowPlaying.media}/preview` : null,
        rendition,
        layout: layout && { id: layout.id, version: layout.version, name: layout.name },
        zones: layout ? layout.zones.map((zone) => ({ ...zone, rendition: zone.media === null ? null : renditions.get(zone.media) ?? null })) : [],
      },
      errors: found.errors,
    };
  });

  app.get('/media/files/:id/playback/', async (request): Promise<MediaPlayback> => {
    const id = idOf(request);
    const media = await findMediaFile(db, id);
    if (!media) throw notFound('Media file');
    assertVisible(await areaScope(ctx, request, 'media', 'view'), media.companyId, 'Media file');
    await ctx.contacts.flush();
    const found = await mediaPlayback(db, id);
    return { media: id, playing_devices: found.playing, failures: found.failures };
  });
}
