import type { FastifyInstance, FastifyReply, FastifyRequest, LogLevel } from 'fastify';
import { isIpAddress, PlayerHeartbeatBody, PlayerHelloBody, type PlayerHeartbeatBody as HeartbeatBody } from '../../src/services/schemas/devices.ts';
import type { AppContext } from '../context.ts';
import { findPlayer, signOffDevice, takeAdoptedKey, touchDevice, upsertPendingClient, type PlayerCredentials } from '../db/devices.ts';
import { heldByCompany } from '../db/companies.ts';
import { DEVICE_CHANGES_CHANNEL, watchDeviceChanges } from '../db/deviceChanges.ts';
import type { Listening } from '../db/listen.ts';
import { ChannelHub } from '../channel/hub.ts';
import { channelRoute, recheckWith } from './channel.ts';
import { navigationVersions } from '../db/navigationVersions.ts';
import { heartbeatRecorder, preloadPlayers, type HeartbeatResult } from '../db/heartbeats.ts';
import { HEARTBEAT_SECONDS, sameKey } from '../domain/devices.ts';
import { isPlainHeartbeat } from '../domain/heartbeatBody.ts';
import { playbackReports, reportedScheduleState } from '../domain/playbackReports.ts';
import { record } from '../domain/journal.ts';
import { hitRateLimit } from '../domain/rateLimit.ts';
import { ApiError, conflict, forbidden, parse, unauthorized } from '../errors.ts';
import { recordOverrideSwitch } from '../db/overrides.ts';
import { OverrideSwitchBody } from '../../src/services/schemas/overrides.ts';
import { requireUser } from '../plugins/auth.ts';

/** Switch reports a device may send a minute (each may write a row; a player sends one per override it shows). */
const SWITCH_REPORTS_PER_MINUTE = 30;

/** New players one address may announce per minute (each one adds a row to /clients). */
const PENDING_HELLOS_PER_MINUTE = 600;

/**
 * The player's body with its credentials: `X-Device-Serial` / `X-Device-Key` headers
 * take precedence over `serial` / `key` body fields.
 */
function withCredentials(request: FastifyRequest): Record<string, unknown> {
  // The parsed body belongs to this request alone, so the credentials are written into it rather than into a copy.
  const body = request.body && typeof request.body === 'object' && !Array.isArray(request.body) ? (request.body as Record<string, unknown>) : {};
  const serial = request.headers['x-device-serial'];
  const key = request.headers['x-device-key'];
  if (typeof serial === 'string') body.serial = serial;
  if (typeof key === 'string') body.key = key;
  return body;
}

/** The address a player reports, or the one it connects from. */
function clientIp(request: FastifyRequest, reported: string | null | undefined): string | null {
  if (reported) return reported;
  const ip = request.ip.startsWith('::ffff:') ? request.ip.slice(7) : request.ip;
  return isIpAddress(ip) ? ip : null;
}

/**
 * A heartbeat body: the common shape passes a quick sound check (isPlainHeartbeat), others are checked as sent
 * by the schema (a well-formed body needs no coercion, and this is the hot path),
 * and only a body that fails goes through the coercing parse that also reports the fields.
 */
function heartbeatBody(input: Record<string, unknown>): HeartbeatBody {
  if (isPlainHeartbeat(input)) return input;
  const [error, body] = PlayerHeartbeatBody.validate(input);
  return error ? parse(PlayerHeartbeatBody, input) : body;
}

/** A heartbeat's answer: what the database (or the player cache) says, and the device's navigation version. */
type HeartbeatAnswer = HeartbeatResult & { navigation_version: number };

function heartbeatAnswer(answer: HeartbeatResult, navigationVersion: number): HeartbeatAnswer {
  return {
    device: answer.device,
    commands: answer.commands,
    schedule_version: answer.schedule_version,
    config_version: answer.config_version,
    configs: answer.configs,
    navigation_version: navigationVersion,
  };
}

const deviceDisabled = () => new ApiError(403, 'device_disabled', 'The device is disabled.');

/** A switched-off device's refusal: its own flag, or its company deactivated (company_disabled). */
async function disabledRefusal(ctx: AppContext, deviceId: number): Promise<ApiError> {
  if (await heldByCompany(ctx.db, deviceId)) return new ApiError(403, 'company_disabled', "The device's company is deactivated.");
  return deviceDisabled();
}

/** Why a serial and key do not open the door: unknown device (401), wrong key (401), disabled (403). */
export async function authenticatePlayer(ctx: AppContext, serial: string, key: string): Promise<PlayerCredentials> {
  const player = await findPlayer(ctx.db, serial);
  if (!player) throw unauthorized('unknown_device', 'No device has this serial number: say hello first.');
  if (!sameKey(player.deviceKey, key)) throw unauthorized('invalid_device_key', 'The device key is wrong.');
  if (!player.isActive) throw await disabledRefusal(ctx, player.id);
  return player;
}

/**
 * preHandler for routes both the panel and players read (the device schedule):
 * a player authenticates with its serial and key and may read only its own device.
 */
export function authenticatePlayerOrUser(ctx: AppContext) {
  const asUser = requireUser(ctx);
  return async function authenticate(request: FastifyRequest, reply: FastifyReply) {
    const serial = request.headers['x-device-serial'];
    const key = request.headers['x-device-key'];
    if (typeof serial !== 'string' || typeof key !== 'string') return asUser(request, reply);
    // A player the heartbeat path knows costs no read (after a publish every screen heartbeats, then asks at once).
    const cached = ctx.players.get(serial);
    const id = cached && ctx.players.isFresh(cached) && cached.isActive && sameKey(cached.key, key) ? cached.id : (await authenticatePlayer(ctx, serial, key)).id;
    if (String(id) !== (request.params as { id?: string }).id) throw forbidden('A player may read only its own device.');
  };
}

export default async function playerRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const { db } = ctx;
  const recordHeartbeat = heartbeatRecorder(db, ctx.players, ctx.contacts);
  // Capabilities, now playing and skipped files (issue 24).
  const playback = playbackReports(db, app.log);
  // Navigation: the version of the map last sent to the device (see NavigationVersions); the player reads it when it changes.
  const navigation = navigationVersions(db);
  /**
   * The heartbeat's answer with the navigation version. Built field by field (an object spread cost about 1 µs) and
   * without a promise when the version is known: most heartbeats are answered in the turn that read them.
   */
  const withNavigationVersion = (answer: HeartbeatResult): HeartbeatAnswer | Promise<HeartbeatAnswer> => {
    const version = navigation.of(answer.device);
    return typeof version === 'number' ? heartbeatAnswer(answer, version) : version.then((known) => heartbeatAnswer(answer, known));
  };
  /** What a heartbeat that found its device answers: recorded, its delivery fields noted (capabilities stored first). */
  const answerHeartbeat = (body: HeartbeatBody, answer: HeartbeatResult | undefined): HeartbeatAnswer | Promise<HeartbeatAnswer> => {
    // The fast path found no active device with this serial and key: tell the player why.
    if (!answer) return refuseHeartbeat(body);
    if (body.capabilities || body.playback_errors) {
      const storing = playback.heartbeat(answer.device, body);
      if (storing) return storing.then(() => withNavigationVersion(answer));
    }
    return withNavigationVersion(answer);
  };
  const refuseHeartbeat = async (body: HeartbeatBody): Promise<never> => {
    await authenticatePlayer(ctx, body.serial, body.key);
    throw unauthorized('invalid_device_key', 'The device key is wrong.');
  };

  // The live channel (server/channel/hub.ts): players connected to this instance, told what the change log names.
  const hub = new ChannelHub(recheckWith((serial, key) => authenticatePlayer(ctx, serial, key)), (error) => app.log.warn({ err: error }, 'Checking a channel again failed'));
  channelRoute(app, ctx, hub, (serial, key) => authenticatePlayer(ctx, serial, key));

  // Changes made through other instances (or any other path) reach this instance's player cache and channel through
  // the log, read at once on its NOTIFY (own connection per instance) and every DEVICE_CHANGE_POLL_MS regardless.
  let changeWatch: ReturnType<typeof watchDeviceChanges> | undefined;
  let listening: Listening | undefined;
  app.addHook('onReady', async () => {
    const logError = (error: unknown) => app.log.warn({ err: error }, 'Reading the device change log failed');
    changeWatch = watchDeviceChanges(db, ctx.players, logError, undefined, (changes) => {
      if (changes.some((change) => change.kind === 'navigation')) navigation.expire();
      hub.deliver(changes);
    });
    listening = await ctx.database.listen(DEVICE_CHANGES_CHANNEL, () => changeWatch?.wake(), logError).catch((error: unknown) => {
      logError(error);
      return undefined;
    });
    await changeWatch.ready;
    await preloadPlayers(db, ctx.players).catch((error: unknown) => app.log.warn({ err: error }, 'Preloading the player cache failed'));
  });
  // Open streams would hold the server's close: they end first, and their players reconnect (to another instance).
  app.addHook('preClose', async () => hub.closeAll());
  app.addHook('onClose', async () => {
    await listening?.close().catch(() => undefined);
    await changeWatch?.stop();
    await playback.close();
    await ctx.contacts.close();
  });

  // Players are machines: no browser headers (see machineClients in app.ts), and answers too small to compress.
  const machineRoute = { config: { machineClients: true }, compress: false } as const;

  app.post('/player/hello/', machineRoute, async (request, reply) => {
    const body = parse(PlayerHelloBody, withCredentials(request));
    const ip = clientIp(request, body.ip);
    const player = await findPlayer(db, body.serial);
    if (player) {
      if (body.key) {
        if (!sameKey(player.deviceKey, body.key)) throw unauthorized('invalid_device_key', 'The device key is wrong.');
        if (!player.isActive) throw await disabledRefusal(ctx, player.id);
        await touchDevice(db, player.id, { ip, version: body.version });
        await playback.capabilities(player.id, body.capabilities);
        ctx.players.forgetDevice(player.id);
        return { status: 'registered', device: player.id, heartbeat_seconds: HEARTBEAT_SECONDS, schedule_version: player.scheduleVersion };
      }
      const adopted = await takeAdoptedKey(db, body.serial);
      if (!adopted) throw unauthorized('device_key_required', 'This device exists: the player needs the key shown on its card.');
      await record(db, { userId: null, action: 'key_delivered', entity: 'device', entityId: adopted.device });
      // The player is there: its card says Online (and its version) from this hello, not from its first heartbeat.
      await touchDevice(db, adopted.device, { ip, version: body.version });
      await playback.capabilities(adopted.device, body.capabilities);
      return { status: 'adopted', device: adopted.device, key: adopted.key, heartbeat_seconds: HEARTBEAT_SECONDS, schedule_version: adopted.scheduleVersion };
    }
    const limit = await hitRateLimit(db, `hello:${request.ip}`, PENDING_HELLOS_PER_MINUTE, 60);
    if (!limit.allowed) {
      reply.header('Retry-After', String(limit.retryAfter));
      throw new ApiError(429, 'rate_limited', `Too many new players. Try again in ${limit.retryAfter} s.`);
    }
    await upsertPendingClient(db, { serial: body.serial, mac: body.mac ?? null, ip, version: body.version ?? '' });
    return reply.code(202).send({ status: 'pending', heartbeat_seconds: HEARTBEAT_SECONDS });
  });

  // At the default LOG_LEVEL (info) heartbeats log from warn up: every screen beats every 30 s, and two lines per beat
  // (request, answer) were most of a production log and a good part of a heartbeat's time. Errors are still logged, and
  // LOG_LEVEL=debug (or trace) logs every beat again.
  const heartbeatRoute = { ...machineRoute, logLevel: (ctx.config.logLevel === 'info' ? 'warn' : ctx.config.logLevel) as LogLevel };
  // Not async: a heartbeat answered from memory (the player cache, navigation versions) is sent in the turn that read
  // it; a promise is returned only when it waits for the database.
  app.post('/player/heartbeat/', heartbeatRoute, (request) => {
    const body = heartbeatBody(withCredentials(request));
    const recorded = recordHeartbeat({
      serial: body.serial,
      key: body.key,
      ip: clientIp(request, body.ip),
      version: body.version ?? null,
      scheduleState: reportedScheduleState(body) ?? null,
      scheduleExpiry: body.schedule_expiry == null ? body.schedule_expiry : new Date(body.schedule_expiry).toISOString(),
      configVersion: body.config_version ?? null,
      acknowledged: body.acknowledged ?? [],
      nowPlaying: body.now_playing,
      display: body.display ?? null,
    });
    return recorded instanceof Promise ? recorded.then((answer) => answerHeartbeat(body, answer)) : answerHeartbeat(body, recorded);
  });

  // Issue 35: the player says it shows an override now (the panel's "switched at" per screen).
  app.post('/player/channel/switched/', machineRoute, async (request, reply) => {
    const serial = request.headers['x-device-serial'];
    const key = request.headers['x-device-key'];
    if (typeof serial !== 'string' || typeof key !== 'string' || !serial || !key) {
      throw unauthorized('device_key_required', 'The report needs the X-Device-Serial and X-Device-Key headers.');
    }
    const player = await authenticatePlayer(ctx, serial, key);
    const body = parse(OverrideSwitchBody, request.body ?? {});
    const limit = await hitRateLimit(db, `override-switch:${player.id}`, SWITCH_REPORTS_PER_MINUTE, 60);
    if (!limit.allowed) {
      reply.header('Retry-After', String(limit.retryAfter));
      throw new ApiError(429, 'rate_limited', `Too many switch reports. Try again in ${limit.retryAfter} s.`);
    }
    if (!(await recordOverrideSwitch(db, body.override, player.id))) throw conflict('override_not_active', 'This override does not run on this device.');
    return reply.code(204).send();
  });

  app.post('/player/bye/', machineRoute, async (request) => {
    const body = parse(PlayerHeartbeatBody, withCredentials(request));
    const player = await authenticatePlayer(ctx, body.serial, body.key);
    // A heartbeat answered just before waits in memory; written after the sign-off, its contact time (the database's
    // clock less its age, read under load later than the sign-off's) could pass the sign-off and undo it.
    await ctx.contacts.flush();
    await signOffDevice(db, player.id);
    ctx.players.forgetDevice(player.id);
    return { status: 'signed_off' };
  });
}
