/*
 * The web player's side of the player protocol (docs/api.md "Player protocol"): hello, heartbeat, sign-off, its
 * schedule (dev2) and proof of play. Plain fetch and hand-checked answers, so the player bundle stays small; every
 * call resolves a domain outcome for the answers the protocol defines and rejects only when the server cannot be
 * reached or answers something it does not define (5xx), which the machines treat as "offline".
 */
import { normalizeMap, type KeptMap } from './navigation.ts';
import type { DeviceCapabilities, NowPlaying, PlaybackError } from '../schemas/playback.ts';
import type { DeviceSchedule, LayoutFile, ScheduledLayout } from './schedule.ts';

export const API_PREFIX = '/api/v1';

export interface Credentials {
  serial: string;
  key: string | null;
}

/** Why the server refused the player: its key (deleted device, wrong key) or its device (disabled, company off). */
export type Refusal = { ok: false; reason: 'key_refused' | 'device_disabled'; code: string };

export type HelloOutcome =
  | { ok: true; status: 'registered' | 'adopted'; device: number; key: string | null; heartbeatSeconds: number; scheduleVersion: number }
  | { ok: true; status: 'pending'; heartbeatSeconds: number }
  | { ok: false; reason: 'key_required' | 'rate_limited'; code: string }
  | Refusal;

export interface Command {
  id: number;
  command: string;
}

export interface ConfigFile {
  id: number;
  name: string;
  path: string;
  content: string;
}

export type HeartbeatOutcome =
  | { ok: true; device: number; commands: Command[]; scheduleVersion: number; configVersion: number; configs: ConfigFile[] | null; navigationVersion?: number }
  | Refusal;

export interface HeartbeatReport {
  version: string;
  schedule_state: 'playing' | 'waiting' | 'not_found';
  schedule_expiry: string | null;
  config_version?: number;
  acknowledged?: number[];
  /** Delivery fields (issue 24, src/services/player/playbackReport.ts). */
  capabilities?: DeviceCapabilities;
  now_playing?: NowPlaying | null;
  playback_errors?: PlaybackError[];
  /** The screen as shown (issue 41): off in its power schedule's off hours. */
  display?: 'on' | 'off';
}

export type ScheduleOutcome = { ok: true; schedule: DeviceSchedule } | Refusal;

/** One play, recorded when it ends (issue 17's `POST /player/plays/` item; issue 35.3: real seconds and how it ended). */
export type PlayRecord = FilePlayRecord | WidgetShowingRecord;

/** A file's play. */
export interface FilePlayRecord {
  kind?: undefined;
  id: string;
  event: number;
  media: number;
  playlist?: number | null;
  /** The layout zone it played in (issue 36). */
  zone?: number;
  started_at: string;
  /** Seconds really on screen. */
  duration: number;
  outcome?: 'completed' | 'partial' | 'failed';
}

/** A widget zone's showing (issue 38): its zone and widget kind, no file. */
export interface WidgetShowingRecord {
  kind: 'widget';
  id: string;
  event: number;
  zone: number;
  widget: string;
  started_at: string;
  duration: number;
  outcome?: 'completed' | 'partial' | 'failed';
}

export type PlaysOutcome = { ok: true; settled: string[] } | { ok: false; reason: 'rejected'; code: string } | Refusal;

/** A failure to reach the server, or an answer the protocol does not define: the player is offline. */
export class PlayerOffline extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'PlayerOffline';
  }
}

const REQUEST_TIMEOUT_MS = 15_000;

interface Answer {
  status: number;
  body: Record<string, unknown>;
}

function headersFor(credentials: Credentials): Record<string, string> {
  const headers: Record<string, string> = { 'x-device-serial': credentials.serial };
  if (credentials.key) headers['x-device-key'] = credentials.key;
  return headers;
}

async function call(method: 'GET' | 'POST', path: string, credentials: Credentials, body?: unknown, signal?: AbortSignal): Promise<Answer> {
  const headers = headersFor(credentials);
  if (body !== undefined) headers['content-type'] = 'application/json';
  let response: Response;
  try {
    response = await fetch(`${API_PREFIX}${path}`, {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
      cache: 'no-store',
      signal: signal ?? AbortSignal.timeout(REQUEST_TIMEOUT_MS),
    });
  } catch (error) {
    throw new PlayerOffline((error as Error).message);
  }
  if (response.status >= 500) throw new PlayerOffline(`${path} answered ${response.status}`);
  const text = await response.text().catch(() => '');
  let parsed: unknown = {};
  try {
    parsed = text ? JSON.parse(text) : {};
  } catch {
    throw new PlayerOffline(`${path} answered something that is not JSON`);
  }
  return { status: response.status, body: parsed && typeof parsed === 'object' ? (parsed as Record<string, unknown>) : {} };
}

const codeOf = (answer: Answer) => (typeof answer.body.code === 'string' ? answer.body.code : `http_${answer.status}`);

/** 401 and 403 mean the same on every player route: the key is refused, or the device may not play. */
function refusal(answer: Answer): Refusal | null {
  if (answer.status === 401) return { ok: false, reason: 'key_refused', code: codeOf(answer) };
  if (answer.status === 403) return { ok: false, reason: 'device_disabled', code: codeOf(answer) };
  return null;
}

function unexpected(path: string, answer: Answer): never {
  throw new PlayerOffline(`${path} answered ${answer.status} ${codeOf(answer)}`);
}

const asNumber = (value: unknown, fallback = 0) => (typeof value === 'number' && Number.isFinite(value) ? value : fallback);

export async function hello(credentials: Credentials, version: string, extra: Record<string, unknown> = {}): Promise<HelloOutcome> {
  const answer = await call('POST', '/player/hello/', credentials, { version, ...extra });
  const heartbeatSeconds = asNumber(answer.body.heartbeat_seconds, 30);
  if (answer.status === 202) return { ok: true, status: 'pending', heartbeatSeconds };
  if (answer.status === 200 && (answer.body.status === 'registered' || answer.body.status === 'adopted')) {
    return {
      ok: true,
      status: answer.body.status,
      device: asNumber(answer.body.device),
      key: typeof answer.body.key === 'string' ? answer.body.key : credentials.key,
      heartbeatSeconds,
      scheduleVersion: asNumber(answer.body.schedule_version),
    };
  }
  if (answer.status === 401 && codeOf(answer) === 'device_key_required') return { ok: false, reason: 'key_required', code: 'device_key_required' };
  if (answer.status === 429) return { ok: false, reason: 'rate_limited', code: 'rate_limited' };
  return refusal(answer) ?? unexpected('hello', answer);
}

export async function heartbeat(credentials: Credentials, report: HeartbeatReport): Promise<HeartbeatOutcome> {
  const answer = await call('POST', '/player/heartbeat/', credentials, report);
  if (answer.status === 200) {
    const commands = Array.isArray(answer.body.commands) ? (answer.body.commands as Command[]) : [];
    return {
      ok: true,
      device: asNumber(answer.body.device),
      commands: commands.filter((c) => c && typeof c.id === 'number' && typeof c.command === 'string'),
      scheduleVersion: asNumber(answer.body.schedule_version),
      configVersion: asNumber(answer.body.config_version),
      configs: Array.isArray(answer.body.configs) ? (answer.body.configs as ConfigFile[]) : null,
      navigationVersion: asNumber(answer.body.navigation_version),
    };
  }
  return refusal(answer) ?? unexpected('heartbeat', answer);
}

export async function signOff(credentials: Credentials): Promise<void> {
  await call('POST', '/player/bye/', credentials, {});
}

/**
 * Tells the server the player shows an emergency override now (POST /player/channel/switched/, issue 35): the panel
 * shows per screen when it switched. True when the server took it.
 */
export async function reportSwitch(credentials: Credentials, override: number): Promise<boolean> {
  const answer = await call('POST', '/player/channel/switched/', credentials, { override });
  return answer.status === 204;
}

export async function fetchSchedule(credentials: Credentials, device: number): Promise<ScheduleOutcome> {
  const answer = await call('GET', `/scheduler/dev2/${device}`, credentials);
  if (answer.status === 200) return { ok: true, schedule: normalizeSchedule(answer.body, device) };
  return refusal(answer) ?? unexpected('schedule', answer);
}

/**
 * The screen's map as last sent (GET /player/navigation/) with its layout image. Rejects on anything but a whole
 * answer (a refusal included: the heartbeat tells the lifecycle about refusals), so the kept map stays.
 */
export async function fetchMap(credentials: Credentials): Promise<KeptMap> {
  const answer = await call('GET', '/player/navigation/', credentials);
  if (answer.status !== 200) unexpected('navigation', answer);
  const map = normalizeMap(answer.body);
  if (!map.object) return { map, layout: null };
  let response: Response;
  try {
    response = await fetch(new URL(map.object.layout, location.origin), { headers: headersFor(credentials), cache: 'no-store', signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS * 4) });
  } catch (error) {
    throw new PlayerOffline((error as Error).message);
  }
  if (!response.ok) throw new PlayerOffline(`navigation layout answered ${response.status}`);
  return { map, layout: await response.blob() };
}

/**
 * Whether a web page widget's address may be framed, as the server last checked it (`GET /player/web-page-check/`):
 * `{frameable, reason}`, or null when the server cannot say (offline, an older server, an address it does not know).
 */
export async function checkWebPage(credentials: Credentials, url: string): Promise<{ frameable: boolean; reason: string | null } | null> {
  try {
    const answer = await call('GET', `/player/web-page-check/?url=${encodeURIComponent(url)}`, credentials);
    if (answer.status !== 200 || typeof answer.body.frameable !== 'boolean') return null;
    return { frameable: answer.body.frameable, reason: typeof answer.body.reason === 'string' ? answer.body.reason : null };
  } catch {
    return null;
  }
}

/**
 * Sends one batch of plays. Every id of a batch the server answered (accepted, duplicate or refused with a reason)
 * is settled: the player forgets it. A batch the server cannot read (400) is settled too, or it would be sent forever.
 */
export async function sendPlays(credentials: Credentials, plays: PlayRecord[]): Promise<PlaysOutcome> {
  const answer = await call('POST', '/player/plays/', credentials, { plays });
  if (answer.status >= 200 && answer.status < 300) return { ok: true, settled: plays.map((play) => play.id) };
  const refused = refusal(answer);
  if (refused) return refused;
  if (answer.status === 400 || answer.status === 413 || answer.status === 422) return { ok: false, reason: 'rejected', code: codeOf(answer) };
  // 404 (a server without plays yet), 429 and the like: try again later.
  return unexpected('plays', answer);
}

export type ScreenshotOutcome = { ok: true; id: number } | { ok: false; reason: 'rejected'; code: string } | Refusal;

/** Uploads a screenshot (a JPEG) answering the SCREENSHOT command `command` (POST /player/screenshot/, multipart). */
export async function sendScreenshot(credentials: Credentials, command: number, jpeg: Blob): Promise<ScreenshotOutcome> {
  const form = new FormData();
  form.append('screenshot', jpeg, 'screen.jpg');
  let response: Response;
  try {
    response = await fetch(`${API_PREFIX}/player/screenshot/?command=${command}`, {
      method: 'POST',
      headers: headersFor(credentials),
      body: form,
      cache: 'no-store',
      signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
    });
  } catch (error) {
    throw new PlayerOffline((error as Error).message);
  }
  if (response.status >= 500) throw new PlayerOffline(`screenshot answered ${response.status}`);
  const body = (await response.json().catch(() => ({}))) as Record<string, unknown>;
  const answer = { status: response.status, body: body && typeof body === 'object' ? body : {} };
  if (answer.status === 201) return { ok: true, id: asNumber(answer.body.id) };
  return refusal(answer) ?? { ok: false, reason: 'rejected', code: codeOf(answer) };
}

/** The dev2 answer in the shape the player keeps: items with media lists, times as they came. */
export function normalizeSchedule(body: Record<string, unknown>, device: number): DeviceSchedule {
  const items = Array.isArray(body.items) ? body.items : Array.isArray(body.events) ? body.events : [];
  return {
    device: asNumber(body.device, device),
    version: asNumber(body.version),
    timezone: typeof body.timezone === 'string' ? body.timezone : 'UTC',
    generated_at: typeof body.generated_at === 'string' ? body.generated_at : new Date().toISOString(),
    valid_until: typeof body.valid_until === 'string' ? body.valid_until : null,
    power: Array.isArray(body.power)
      ? (body.power as Record<string, unknown>[]).filter((span) => span && typeof span.on === 'string' && typeof span.off === 'string').map((span) => ({ on: span.on as string, off: span.off as string }))
      : null,
    items: (items as Record<string, unknown>[])
      .filter((item) => item && typeof item.starts_at === 'string' && typeof item.ends_at === 'string')
      .map((item) => ({
        event: asNumber(item.event),
        title: typeof item.title === 'string' ? item.title : '',
        starts_at: item.starts_at as string,
        ends_at: item.ends_at as string,
        priority: asNumber(item.priority),
        playlist: typeof item.playlist === 'number' ? item.playlist : null,
        ...(typeof item.override === 'number' ? { override: item.override } : {}),
        media: (Array.isArray(item.media) ? (item.media as Record<string, unknown>[]) : [])
          .filter((media) => media && typeof media.id === 'number' && typeof media.url === 'string')
          .map((media) => ({
            id: media.id as number,
            url: media.url as string,
            checksum: typeof media.checksum === 'string' ? media.checksum : '',
            duration: asNumber(media.duration, 10),
            type: typeof media.type === 'string' ? media.type : typeof media.content_type === 'string' ? media.content_type : '',
          })),
        ...(item.layout && typeof item.layout === 'object' ? { layout: normalizeLayout(item.layout as Record<string, unknown>) } : {}),
      })),
  };
}

/** A layout item's layout (issue 36; docs/api.md "Layouts on the screens"), its files as the items' are read. */
function normalizeLayout(layout: Record<string, unknown>): ScheduledLayout {
  const file = (media: Record<string, unknown>): LayoutFile => ({
    id: media.id as number,
    url: media.url as string,
    checksum: typeof media.checksum === 'string' ? media.checksum : '',
    duration: asNumber(media.duration, 10),
  });
  const isFile = (media: unknown): media is Record<string, unknown> => !!media && typeof (media as { id?: unknown }).id === 'number' && typeof (media as { url?: unknown }).url === 'string';
  const background = (layout.background ?? {}) as Record<string, unknown>;
  return {
    id: asNumber(layout.id),
    version: asNumber(layout.version),
    width: asNumber(layout.width, 1920) || 1920,
    height: asNumber(layout.height, 1080) || 1080,
    background: { color: typeof background.color === 'string' && /^#[0-9a-fA-F]{6}$/.test(background.color) ? background.color : '#000000', image: isFile(background.image) ? file(background.image) : null },
    zones: (Array.isArray(layout.zones) ? (layout.zones as Record<string, unknown>[]) : [])
      .filter((zone) => zone && typeof zone.id === 'number')
      .map((zone) => ({
        id: zone.id as number,
        x: asNumber(zone.x),
        y: asNumber(zone.y),
        width: asNumber(zone.width),
        height: asNumber(zone.height),
        z: asNumber(zone.z),
        ...(Array.isArray(zone.items) ? { items: (zone.items as unknown[]).filter(isFile).map(file) } : {}),
        ...(zone.widget ? { widget: zone.widget } : {}),
      })),
  };
}
