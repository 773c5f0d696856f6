import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../context.ts';
import { findPlayer } from '../db/devices.ts';
import { sameKey } from '../domain/devices.ts';
import { ApiError, unauthorized } from '../errors.ts';
import { requireUser } from '../plugins/auth.ts';

/**
 * preHandler for media downloads (source, render, preview): a signed-in user with the JWT header,
 * or a player with its `X-Device-Serial` and `X-Device-Key` headers (an active device).
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
  };
}
