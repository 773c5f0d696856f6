import type { FastifyInstance } from 'fastify';
import { MAX_PLAYS_PER_BATCH } from '../../src/services/schemas/statistics.ts';
import type { AppContext } from '../context.ts';
import { deletePlaysBefore, storePlays, storeWidgetPlays } from '../db/plays.ts';
import { checkPlays, PLAY_RETENTION_DAYS, retentionCutoff } from '../domain/plays.ts';
import { badRequest } from '../errors.ts';
import { authenticatePlayer } from './player.ts';

/**
 * Proof of play: `POST /player/plays/` with the player's serial and key (`X-Device-Serial` / `X-Device-Key` headers, or `serial` / `key` in the body, as the rest of the player protocol).
 * Plays are telemetry like heartbeats, so they are not written to the journal (one journal row per batch would double
 * the writes of the busiest route); the plays table itself is the record.
 */
export default async function playRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const retentionDays = ctx.config.playRetentionDays ?? PLAY_RETENTION_DAYS;
  startRetentionSweep(app, ctx, retentionDays);
  const machineRoute = { config: { machineClients: true }, compress: false } as const;

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
    const player = await authenticatePlayer(ctx, serial, key);
    const checked = checkPlays(items, Date.now(), retentionDays);
    const stored = await storePlays(ctx.db, player.id, checked.plays);
    const widgets = await storeWidgetPlays(ctx.db, player.id, checked.widgetPlays);
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
