import type { FastifyInstance } from 'fastify';
import { MAX_PLAYS_PER_BATCH } from '../../src/services/schemas/statistics.ts';
import type { AppContext } from '../context.ts';
import { batcher } from '../db/batcher.ts';
import { deletePlaysBefore, storePlaysOfDevices, storeWidgetPlays, type DevicePlays } from '../db/plays.ts';
import { sameKey } from '../domain/devices.ts';
import { checkPlays, PLAY_RETENTION_DAYS, retentionCutoff } from '../domain/plays.ts';
import { badRequest } from '../errors.ts';
import { authenticatePlayer } from './player.ts';

/**
 * Proof of play: `POST /player/plays/` with the player's serial and key (`X-Device-Serial` / `X-Device-Key` headers, or `serial` / `key` in the body, as the rest of the player protocol).
 * Plays are telemetry like heartbeats, so they are not written to the journal (one journal row per batch would double
 * the writes of the busiest route); the plays table itself is the record. The batches of the requests that arrive
 * together are stored by one statement (issue 35.20), each request answered once its own plays are in the database
 * (a failed statement is retried request by request, so one bad batch fails alone), and a player the heartbeat cache
 * holds (fresh, active, same key) is authenticated without a read, as heartbeats and dev2 are.
 */
export default async function playRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const retentionDays = ctx.config.playRetentionDays ?? PLAY_RETENTION_DAYS;
  startRetentionSweep(app, ctx, retentionDays);
  const machineRoute = { config: { machineClients: true }, compress: false } as const;
  const store = batcher((batches: DevicePlays[]) => storePlaysOfDevices(ctx.db, batches), (batch) => String(batch.device), 64);

  app.post('/player/plays/', machineRoute, async (request) => {
    const body = request.body as { plays?: unknown; serial?: unknown; key?: unknown } | null;
    const fields = body && typeof body === 'object' && !Array.isArray(body) ? body : {};
    const serial = request.headers['x-device-serial'] ?? fields.serial;
    const key = request.headers['x-device-key'] ?? fields.key;
    if (typeof serial !== 'string' || typeof key !== 'string') {
      throw badRequest('validation_error', 'The player sends its serial and key (X-Device-Serial and X-Device-Key).', {
        ...(typeof serial === 'string' ? {} : { serial: 'required' }),
        ...(typeof key === 'string' ? {} : { key: 'required' }),
      });
    }
    const items = fields.plays;
    if (!Array.isArray(items)) throw badRequest('validation_error', 'The body is {plays: [...]}.', { plays: items === undefined ? 'required' : 'invalid' });
    if (items.length === 0 || items.length > MAX_PLAYS_PER_BATCH) {
      throw badRequest('validation_error', `A batch holds 1 to ${MAX_PLAYS_PER_BATCH} plays.`, { plays: 'out_of_range' });
    }
    const cached = ctx.players.get(serial);
    const device = cached && ctx.players.isFresh(cached) && cached.isActive && sameKey(cached.key, key) ? cached.id : (await authenticatePlayer(ctx, serial, key)).id;
    const checked = checkPlays(items, Date.now(), retentionDays);
    const stored = checked.plays.length ? await store({ device, plays: checked.plays }) : { accepted: 0, refused: [] };
    const widgets = await storeWidgetPlays(ctx.db, device, checked.widgetPlays);
    const accepted = stored.accepted + widgets.accepted;
    return {
      accepted,
      duplicates: checked.repeated + checked.plays.length + checked.widgetPlays.length - accepted - stored.refused.length - widgets.refused.length,
      refused: [...checked.refused, ...stored.refused, ...widgets.refused],
    };
  });
}

/**
 * Deletes plays and hourly roll-ups past the retention window: once when the server is ready, then every
 * PLAY_RETENTION_SWEEP_MS (an hour by default; 0 never). Automatic, so not journaled; each sweep that deleted
 * something is logged. Several instances may sweep at once: a row is deleted once whoever does it.
 */
function startRetentionSweep(app: FastifyInstance, ctx: AppContext, retentionDays: number) {
  const every = ctx.config.playRetentionSweepMs ?? 3_600_000;
  if (every <= 0) return;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | undefined;
  let closing = false;
  const sweep = async () => {
    const cutoff = retentionCutoff(Date.now(), retentionDays);
    try {
      const deleted = await deletePlaysBefore(ctx.db, cutoff);
      if (deleted.plays || deleted.hours) {
        app.log.info({ cutoff: cutoff.toISOString(), plays: deleted.plays, hourRows: deleted.hours, retentionDays }, 'Deleted plays past the retention window');
      }
    } catch (error) {
      if (!closing) app.log.warn({ err: error }, 'The plays retention sweep failed; it runs again later');
    }
  };
  const schedule = (delay: number) => {
    timer = setTimeout(() => {
      running = sweep().finally(() => {
        running = undefined;
        if (!closing) schedule(every);
      });
    }, delay);
    timer.unref();
  };
  app.addHook('onReady', async () => schedule(0));
  app.addHook('onClose', async () => {
    closing = true;
    clearTimeout(timer);
    await running;
  });
}
