import type { FastifyInstance } from 'fastify';
import { MAX_PLAYS_PER_BATCH } from '../../src/services/schemas/statistics.ts';
import type { AppContext } from '../context.ts';
import { storePlays } from '../db/plays.ts';
import { checkPlays } from '../domain/plays.ts';
import { badRequest } from '../errors.ts';
import { authenticatePlayer } from './player.ts';

/**
 * Proof of play: `POST /player/plays/` with the player's serial and key (`X-Device-Serial` / `X-Device-Key` headers, or `serial` / `key` in the body, as the rest of the player protocol).
 * Plays are telemetry like heartbeats, so they are not written to the journal (one journal row per batch would double
 * the writes of the busiest route); the plays table itself is the record.
 */
export default async function playRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
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
    const checked = checkPlays(items, Date.now());
    const stored = await storePlays(ctx.db, player.id, checked.plays);
    return {
      accepted: stored.accepted,
      duplicates: checked.repeated + checked.plays.length - stored.accepted - stored.refused.length,
      refused: [...checked.refused, ...stored.refused],
    };
  });
}
