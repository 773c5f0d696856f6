import type { ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context.ts';
import { closeFrame, type ChannelHub, type ChannelConnection } from '../channel/hub.ts';
import { sameKey } from '../domain/devices.ts';
import { ApiError, unauthorized } from '../errors.ts';

/**
 * Open streams one device may hold on one instance (a player holds one; a reconnect may overlap a stream not yet found
 * dead). Beyond, 429 `too_many_streams` before the stream opens.
 */
export const MAX_STREAMS_PER_DEVICE = 3;

/**
 * Bytes a stream may have waiting for a client that does not read (frames are tens of bytes): beyond, the stream is
 * dropped and the player, if it is one, reconnects. Without it a client that never read held a growing buffer.
 */
export const MAX_BUFFERED_BYTES = 64 * 1024;

/** A hub connection writing Server-Sent Events frames to `response`, dropped once MAX_BUFFERED_BYTES wait unread. */
export function streamConnection(response: ServerResponse, device: { deviceId: number; serial: string; key: string }, maxBuffered = MAX_BUFFERED_BYTES): ChannelConnection {
  return {
    ...device,
    write: (frame) => {
      if (response.writableEnded || response.destroyed) return false;
      response.write(frame);
      if (response.writableLength > maxBuffered) {
        response.destroy();
        return false;
      }
      return true;
    },
    close: (code) => {
      if (!response.writableEnded) response.end(closeFrame(code));
    },
  };
}

type Authenticate = (serial: string, key: string) => Promise<{ id: number; scheduleVersion: number }>;

/** Why credentials no longer open a channel (the code of the refusal), or null when they do. */
export function recheckWith(authenticate: Authenticate) {
  return async (serial: string, key: string): Promise<string | null> => {
    try {
      await authenticate(serial, key);
      return null;
    } catch (error) {
      if (error instanceof ApiError) return error.code;
      throw error;
    }
  };
}

/**
 * GET /player/channel/: the live channel (Server-Sent Events), authenticated by the X-Device-Serial and
 * X-Device-Key headers. A refusal answers before the stream as every player route does (401 unknown_device,
 * invalid_device_key, device_key_required; 403 device_disabled, company_disabled) and writes nothing to the database;
 * an open stream says `ready`, then `notice` frames, and a `close` frame with the code when the server ends it. Opening
 * it counts as the device's contact (its last connection, written with the heartbeats' contacts).
 */
export function channelRoute(app: FastifyInstance, ctx: AppContext, hub: ChannelHub, authenticate: Authenticate): void {
  app.get('/player/channel/', { config: { machineClients: true }, compress: false }, async (request, reply) => {
    const serial = request.headers['x-device-serial'];
    const key = request.headers['x-device-key'];
    if (typeof serial !== 'string' || typeof key !== 'string' || !serial || !key) {
      throw unauthorized('device_key_required', 'The channel needs the X-Device-Serial and X-Device-Key headers.');
    }
    // A player the heartbeat path knows costs no read; any other is read (never written) as hello reads it.
    const cached = ctx.players.get(serial);
    const player =
      cached && ctx.players.isFresh(cached) && cached.isActive && sameKey(cached.key, key)
        ? { id: cached.id, scheduleVersion: cached.scheduleVersion }
        : await authenticate(serial, key);
    if (hub.streamsOf(player.id) >= MAX_STREAMS_PER_DEVICE) {
      throw new ApiError(429, 'too_many_streams', `A device holds at most ${MAX_STREAMS_PER_DEVICE} open channels on one server.`);
    }

    reply.hijack();
    const response = reply.raw;
    response.writeHead(200, {
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-store',
      'x-content-type-options': 'nosniff',
      // Proxies (nginx) must pass each frame on at once.
      'x-accel-buffering': 'no',
    });
    response.socket?.setNoDelay(true);
    const connection = streamConnection(response, { deviceId: player.id, serial, key });
    response.on('close', () => hub.remove(connection));
    response.write(`event: ready\ndata: ${JSON.stringify({ device: player.id, schedule_version: player.scheduleVersion })}\n\n`);
    hub.add(connection);
    // An open channel is contact (issue 35): a player just adopted shows Online at once, not after its first heartbeat.
    ctx.contacts.touch(player.id);
  });
}
