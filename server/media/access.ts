import { sql } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../context.ts';
import { findPlayer } from '../db/devices.ts';
import type { Db } from '../db/index.ts';
import { sameKey } from '../domain/devices.ts';
import { ApiError, notFound, unauthorized } from '../errors.ts';
import { requireUser } from '../plugins/auth.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /** The device whose player sent this request (set by requireUserOrPlayer); undefined for a user. */
    playerDevice?: number;
  }
}

/**
 * preHandler for media downloads (source, render, preview): a signed-in user with the JWT header,
 * or a player with its `X-Device-Serial` and `X-Device-Key` headers (an active device), whose device id is then
 * `request.playerDevice`: the route answers the file only when assertPlayerMayRead passes.
 */
export function requireUserOrPlayer(ctx: AppContext) {
  const asUser = requireUser(ctx);
  return async function authenticate(request: FastifyRequest, reply: FastifyReply) {
    const serial = request.headers['x-device-serial'];
    const key = request.headers['x-device-key'];
    if (typeof serial !== 'string' || typeof key !== 'string') return asUser(request, reply);
    const player = await findPlayer(ctx.db, serial);
    if (!player || !sameKey(player.deviceKey, key)) throw unauthorized('invalid_device_key', 'The device serial or key is wrong.');
    if (!player.isActive) throw new ApiError(403, 'device_disabled', 'The device is disabled.');
    request.playerDevice = player.id;
  };
}

/** Media ids named by each stored schedule body (bodies are immutable under their hash, so this never goes stale). */
const namedBySchedule = new Map<string, ReadonlySet<number>>();
const NAMED_CACHE_SIZE = 256;

function mediaOfItems(items: string): ReadonlySet<number> {
  const ids = new Set<number>();
  let parsed: unknown;
  try {
    parsed = JSON.parse(items);
  } catch {
    return ids;
  }
  if (!Array.isArray(parsed)) return ids;
  type Named = { id?: unknown } | null | undefined;
  for (const item of parsed as { media?: Named[]; layout?: { background?: { image?: Named }; zones?: { items?: Named[] }[] } | null }[]) {
    // A layout item's files (issue 36) are named in its zones and background, not in `media`.
    const files = [...(item?.media ?? []), item?.layout?.background?.image, ...(item?.layout?.zones ?? []).flatMap((zone) => zone?.items ?? [])];
    for (const media of files) if (typeof media?.id === 'number') ids.add(media.id);
  }
  return ids;
}

/**
 * Where a player may read a media file from (source, preview, any render): the file belongs to the company of the
 * device's office, or the device's stored schedule names it (a file of another company or of none that a campaign of
 * the device plays). Any other file is none of this player's business. Pure of where the bytes live: it reads the
 * database only. Other features that hand files to players (overrides, fallback renders) call it with their own
 * media id, or add their reason here.
 */
export async function playerMayReadMedia(db: Db, deviceId: number, mediaId: number): Promise<boolean> {
  const result = (await db.execute(
    sql`SELECT (m.company_id IS NOT NULL AND m.company_id = o.company_id) AS same_company, s.body_hash AS hash
        FROM devices d
        JOIN media_files m ON m.id = ${mediaId}
        LEFT JOIN offices o ON o.id = d.office_id
        LEFT JOIN device_schedules s ON s.device_id = d.id
        WHERE d.id = ${deviceId}`,
  )) as unknown as { rows: { same_company: boolean; hash: string | null }[] };
  const row = result.rows[0];
  if (!row) return false;
  if (row.same_company) return true;
  if (!row.hash) return false;
  let named = namedBySchedule.get(row.hash);
  if (!named) {
    const body = (await db.execute(sql`SELECT items FROM schedule_bodies WHERE hash = ${row.hash}`)) as unknown as { rows: { items: string }[] };
    named = mediaOfItems(body.rows[0]?.items ?? '[]');
    if (namedBySchedule.size >= NAMED_CACHE_SIZE) namedBySchedule.delete(namedBySchedule.keys().next().value!);
    namedBySchedule.set(row.hash, named);
  }
  return named.has(mediaId);
}

/**
 * Throws 404 (as for an absent file) when the request comes from a player that may not read this media file;
 * a user's request passes (their scope is checked by the route).
 */
export async function assertPlayerMayRead(db: Db, request: FastifyRequest, mediaId: number, what = 'Media file'): Promise<void> {
  if (request.playerDevice === undefined) return;
  if (!(await playerMayReadMedia(db, request.playerDevice, mediaId))) throw notFound(what);
}
