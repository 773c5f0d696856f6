import { parseArgs } from 'node:util';
import { pathToFileURL } from 'node:url';
import { demoDeviceKey, demoSerial } from './demo/devices.ts';
import { startPlayReporter, type PlayReporter, type ProgramItem } from './simulatePlays.ts';
import { keepChannel, type NoticeKind } from '../src/services/player/channel.ts';
import { DEVICE_TYPES, type DeviceType } from '../src/services/schemas/devices.ts';
import type { DeviceCapabilities } from '../src/services/schemas/playback.ts';
import { DEVICE_TYPE_DEFAULTS } from './domain/renditions.ts';
import { httpFetch } from './channel/httpFetch.ts';
import { SAMPLE_SCREENSHOT } from './domain/sampleScreenshot.ts';

/*
 * Simulated players: `npm run simulate -- --devices N --server http://localhost:8080`.
 * Each player says hello, keeps the live channel open (GET /player/channel/: a notice makes it heartbeat at once),
 * heartbeats every few seconds, obeys REBOOT by signing off and going quiet for a while,
 * and signs off when the simulation stops. Players DEMO-0001 .. DEMO-0048 are the demo fleet (their keys are derivable);
 * any others wait on /clients until an operator adopts them, then receive their key on the next hello.
 */

export interface PlayerOptions {
  /** Origin of the server, e.g. http://localhost:8080 */
  server: string;
  serial: string;
  /** Known key; null to start by asking for adoption. */
  key: string | null;
  intervalMs?: number;
  rebootMs?: number;
  version?: string;
  ip?: string;
  log?: (line: string) => void;
  /** Proof of play (see simulatePlays.ts): on by default, following the device's schedule; false turns it off. */
  plays?: PlayOptions | false;
  /** The live channel: on by default; false leaves the player on heartbeats alone. */
  channel?: boolean;
  /** Each notice the channel brings, as it arrives (benches). */
  onNotice?: (kinds: NoticeKind[]) => void;
  /** Each command a heartbeat delivers (benches). */
  onCommand?: (command: string) => void;
  /** What it declares at hello (issue 24): simulatedCapabilities(type) gives a realistic set per device type. */
  capabilities?: DeviceCapabilities;
}

/** A realistic declaration of a player of this device type: its type's decoders (README, "Renditions") on a Full HD screen. */
export function simulatedCapabilities(type: DeviceType): DeviceCapabilities {
  const defaults = DEVICE_TYPE_DEFAULTS[type];
  return {
    codecs: [...defaults.codecs] as DeviceCapabilities['codecs'],
    images: [...defaults.images] as DeviceCapabilities['images'],
    max_video: { ...defaults.max_video },
    screen: { width: 1920, height: 1080, orientation: 'landscape' },
  };
}

export interface PlayOptions {
  /** What to show instead of the schedule from GET /scheduler/dev2/{id} (a test's fixed program). */
  program?: () => ProgramItem[] | Promise<ProgramItem[]>;
  reportMs?: number;
  speed?: number;
}

export interface SimulatedPlayer {
  readonly serial: string;
  /** 'starting' | 'pending' | 'online' | 'rebooting' | 'disabled' | 'stopped' */
  readonly state: string;
  readonly heartbeats: number;
  /** The navigation version this player last read (0: none yet). */
  readonly navigationVersion: number;
  /** The schedule it holds (version 0 and no items until the first fetch). */
  readonly schedule: HeldSchedule;
  /** Its proof-of-play reporter, once the player is online. */
  readonly plays: PlayReporter | null;
  /** 'connecting' | 'open' | 'waiting' | 'stopped' | 'off' */
  readonly channel: string;
  stop(): Promise<void>;
}

type Answer = { status: number; body: Record<string, unknown> };

/**
 * Reads the device's navigation map (GET /player/navigation/) when the heartbeat announces a version other than the one
 * the player holds; answers the version it now holds.
 */
export async function followNavigation(api: string, headers: Record<string, string>, held: number, announced: unknown, log: (line: string) => void): Promise<number> {
  if (typeof announced !== 'number' || announced === held) return held;
  const response = await fetch(`${api}/player/navigation/`, { headers });
  if (response.status !== 200) throw new Error(`navigation answered ${response.status}`);
  const map = (await response.json()) as { version: number; markers: unknown[] };
  log(`navigation version ${map.version} with ${map.markers.length} marker(s)`);
  return map.version;
}

/** What a player keeps of its schedule (GET /scheduler/dev2/{id}): the version and each occurrence's span. */
export interface HeldSchedule {
  version: number;
  items: { starts_at: string; ends_at: string }[];
}

/**
 * Reads the device's schedule when the heartbeat announces a version other than the one held; answers what it now
 * holds. A failed read keeps the old schedule (a screen off the network goes on with what it last received).
 */
export async function followSchedule(
  api: string,
  headers: Record<string, string>,
  device: unknown,
  held: HeldSchedule,
  announced: unknown,
  log: (line: string) => void,
): Promise<HeldSchedule> {
  if (typeof announced !== 'number' || announced === held.version || typeof device !== 'number') return held;
  const response = await fetch(`${api}/scheduler/dev2/${device}`, { headers });
  if (response.status !== 200) throw new Error(`schedule answered ${response.status}`);
  const schedule = (await response.json()) as HeldSchedule;
  log(`schedule version ${schedule.version} with ${schedule.items.length} occurrence(s)`);
  return { version: schedule.version, items: schedule.items.map(({ starts_at, ends_at }) => ({ starts_at, ends_at })) };
}

/**
 * What the player reports of its schedule at `now`: playing while an occurrence is on, waiting when one is due later,
 * not_found when none; the expiry is the end of the last occurrence (null without any).
 */
export function scheduleReport(held: HeldSchedule, now: number): { schedule_state: 'playing' | 'waiting' | 'not_found'; schedule_expiry: string | null } {
  const spans = held.items.map((item) => ({ start: Date.parse(item.starts_at), end: Date.parse(item.ends_at) }));
  const last = spans.reduce((latest, span) => Math.max(latest, span.end), Number.NEGATIVE_INFINITY);
  const state = spans.some((span) => span.start <= now && now < span.end) ? 'playing' : spans.some((span) => span.start > now) ? 'waiting' : 'not_found';
  return { schedule_state: state, schedule_expiry: spans.length ? new Date(last).toISOString() : null };
}

export function startSimulatedPlayer(options: PlayerOptions): SimulatedPlayer {
  const interval = options.intervalMs ?? 5000;
  const rebootMs = options.rebootMs ?? 15000;
  const log = options.log ?? (() => undefined);
  const api = `${options.server.replace(/\/$/, '')}/api/v1`;
  let key = options.key;
  let state = 'starting';
  let heartbeats = 0;
  let navigationVersion = 0;
  let held: HeldSchedule = { version: 0, items: [] };
  let configVersion: number | null = null;
  let acknowledged: number[] = [];
  let timer: NodeJS.Timeout | null = null;
  let stopped = false;
  let inFlight: Promise<void> = Promise.resolve();
  let device: number | null = null;
  let reporter: PlayReporter | null = null;
  let channel: { stop(): void } | null = null;
  let channelState = 'off';
  let beatSoon = false;

  /** A notice: heartbeat now, or right after the step under way. */
  const beatNow = () => {
    if (stopped || state !== 'online') return;
    if (stepping) {
      beatSoon = true;
      return;
    }
    if (timer) clearTimeout(timer);
    timer = null;
    inFlight = step().catch((error: Error) => {
      log(`${options.serial}: ${error.message}`);
      schedule(interval);
    });
  };
  const followChannel = () => {
    const wanted = options.channel !== false && !stopped && state === 'online' && key !== null;
    if (wanted && !channel) {
      channel = keepChannel({
        target: () => (key ? { origin: options.server.replace(/\/$/, ''), serial: options.serial, key, fetch: httpFetch } : null),
        onEvent: (event) => {
          if (event.type !== 'notice') return;
          options.onNotice?.(event.kinds);
          beatNow();
        },
        onState: (next) => {
          channelState = next;
        },
      });
    } else if (!wanted && channel) {
      channel.stop();
      channel = null;
    }
  };
  let stepping = false;

  /** POSTs a body to a player route (a GET without one). */
  async function call(path: string, body?: Record<string, unknown>): Promise<Answer> {
    const headers: Record<string, string> = { 'x-device-serial': options.serial };
    if (body) headers['content-type'] = 'application/json';
    if (key) headers['x-device-key'] = key;
    const response = await fetch(`${api}${path}`, body ? { method: 'POST', headers, body: JSON.stringify(body) } : { headers });
    const text = await response.text();
    return { status: response.status, body: text ? (JSON.parse(text) as Record<string, unknown>) : {} };
  }

  /** Answers a SCREENSHOT command with the sample JPEG (POST /player/screenshot/), as the web player does with its frame. */
  async function sendScreenshot(commandId: number): Promise<void> {
    const form = new FormData();
    form.append('screenshot', new Blob([new Uint8Array(SAMPLE_SCREENSHOT)], { type: 'image/jpeg' }), 'screen.jpg');
    const response = await fetch(`${api}/player/screenshot/?command=${commandId}`, { method: 'POST', headers: { 'x-device-serial': options.serial, 'x-device-key': key ?? '' }, body: form });
    await response.arrayBuffer().catch(() => undefined);
    log(`${options.serial}: SCREENSHOT ${response.status === 201 ? 'sent' : `refused (${response.status})`}`);
  }

  const schedule = (ms: number) => {
    if (stopped) return;
    // A little jitter so a thousand players do not beat in step.
    timer = setTimeout(() => {
      inFlight = step().catch((error: Error) => {
        log(`${options.serial}: ${error.message}`);
        schedule(interval);
      });
    }, ms + Math.floor(Math.random() * Math.min(1000, ms / 4)));
  };

  async function hello(): Promise<void> {
    const answer = await call('/player/hello/', {
      version: options.version ?? '1.4.2',
      ...(options.ip ? { ip: options.ip } : {}),
      ...(options.capabilities ? { capabilities: options.capabilities } : {}),
    });
    if (typeof answer.body.device === 'number') device = answer.body.device;
    if (answer.status === 200 && answer.body.status === 'adopted') {
      key = String(answer.body.key);
      log(`${options.serial}: adopted as device ${answer.body.device}`);
      state = 'online';
    } else if (answer.status === 200) {
      state = 'online';
    } else if (answer.status === 202) {
      state = 'pending';
    } else if (answer.status === 401 && key) {
      // The key is not (or no longer) valid: ask to be adopted again.
      key = null;
      state = 'pending';
      return hello();
    } else if (answer.status === 403) {
      state = 'disabled';
    } else {
      state = 'pending';
      log(`${options.serial}: hello answered ${answer.status} ${JSON.stringify(answer.body)}`);
    }
  }

  async function beat(): Promise<void> {
    const answer = await call('/player/heartbeat/', {
      ...(options.ip ? { ip: options.ip } : {}),
      version: options.version ?? '1.4.2',
      ...scheduleReport(held, Date.now()),
      ...(configVersion !== null ? { config_version: configVersion } : {}),
      ...(acknowledged.length ? { acknowledged } : {}),
    });
    if (answer.status === 403) {
      state = 'disabled';
      return;
    }
    if (answer.status === 401) {
      state = 'starting';
      return;
    }
    if (answer.status !== 200) throw new Error(`heartbeat answered ${answer.status}`);
    heartbeats += 1;
    acknowledged = [];
    const credentials = { 'x-device-serial': options.serial, 'x-device-key': key ?? '' };
    navigationVersion = await followNavigation(api, credentials, navigationVersion, answer.body.navigation_version, (line) => log(`${options.serial}: ${line}`));
    held = await followSchedule(api, credentials, answer.body.device, held, answer.body.schedule_version, (line) => log(`${options.serial}: ${line}`));
    if (Array.isArray(answer.body.configs)) {
      configVersion = Number(answer.body.config_version);
      log(`${options.serial}: received ${answer.body.configs.length} config file(s), version ${configVersion}`);
    }
    const commands = (answer.body.commands as { id: number; command: string }[]) ?? [];
    for (const command of commands) options.onCommand?.(command.command);
    for (const command of commands.filter((c) => c.command === 'SCREENSHOT')) await sendScreenshot(command.id).catch((error: Error) => log(`${options.serial}: SCREENSHOT failed: ${error.message}`));
    if (commands.some((c) => c.command === 'REBOOT')) {
      acknowledged = commands.map((c) => c.id);
      log(`${options.serial}: REBOOT, back in ${Math.round(rebootMs / 1000)} s`);
      await call('/player/bye/', {});
      state = 'rebooting';
    }
  }

  async function step(): Promise<void> {
    if (stopped) return;
    stepping = true;
    try {
      if (state === 'starting' || state === 'pending' || state === 'disabled') await hello();
      else if (state === 'rebooting') state = 'starting';
      if (state === 'online') await beat();
    } finally {
      stepping = false;
      followChannel();
    }
    if (state === 'online' && beatSoon) {
      beatSoon = false;
      return beatNow();
    }
    if (state === 'online' && !reporter && options.plays !== false) reporter = reportPlays(options, call, () => device, () => held.version);
    if (state === 'rebooting') return schedule(rebootMs);
    if (state === 'starting') return schedule(0);
    schedule(state === 'disabled' ? interval * 6 : interval);
  }

  schedule(0);
  return {
    serial: options.serial,
    get state() {
      return state;
    },
    get heartbeats() {
      return heartbeats;
    },
    get navigationVersion() {
      return navigationVersion;
    },
    get schedule() {
      return held;
    },
    get plays() {
      return reporter;
    },
    get channel() {
      return channelState;
    },
    async stop() {
      stopped = true;
      followChannel();
      if (timer) clearTimeout(timer);
      await inFlight.catch(() => undefined);
      await reporter?.stop().catch(() => undefined);
      if (key && state === 'online') await call('/player/bye/', {}).catch(() => undefined);
      state = 'stopped';
    },
  };
}

/**
 * A player's proof of play: shows the media of its schedule (dev2, read again when the heartbeat brought another
 * version; the followSchedule copy keeps only the spans) and reports each showing.
 */
function reportPlays(
  options: PlayerOptions,
  call: (path: string, body?: Record<string, unknown>) => Promise<Answer>,
  device: () => number | null,
  version: () => number,
): PlayReporter {
  const plays = options.plays || {};
  let program: { version: number; items: ProgramItem[] } = { version: 0, items: [] };
  const fromSchedule = async (): Promise<ProgramItem[]> => {
    const id = device();
    if (id === null || version() === program.version) return program.items;
    const answer = await call(`/scheduler/dev2/${id}`);
    if (answer.status === 200) program = { version: Number(answer.body.version), items: (answer.body.items as ProgramItem[] | undefined) ?? [] };
    return program.items;
  };
  return startPlayReporter({ serial: options.serial, post: call, program: plays.program ?? fromSchedule, reportMs: plays.reportMs, speed: plays.speed, log: options.log });
}

export interface SimulationOptions {
  server: string;
  devices: number;
  intervalMs?: number;
  rebootMs?: number;
  /** Serial prefix for players beyond the demo fleet's derivable keys. */
  prefix?: string;
  log?: (line: string) => void;
  plays?: PlayOptions | false;
}

/** N players: DEMO-0001 .. with their demo keys, so a demo server shows a living fleet. */
export function startSimulation(options: SimulationOptions): SimulatedPlayer[] {
  const players: SimulatedPlayer[] = [];
  for (let i = 1; i <= options.devices; i += 1) {
    const serial = options.prefix ? `${options.prefix}-${String(i).padStart(4, '0')}` : demoSerial(i);
    players.push(
      startSimulatedPlayer({
        server: options.server,
        serial,
        key: options.prefix ? null : demoDeviceKey(serial),
        intervalMs: options.intervalMs,
        rebootMs: options.rebootMs,
        ip: `10.20.${Math.floor(i / 250)}.${(i % 250) + 1}`,
        // The demo fleet's types (server/demo/devices.ts) take turns the same way.
        capabilities: simulatedCapabilities(DEVICE_TYPES[i % 3]!),
        log: options.log,
        plays: options.plays,
      }),
    );
  }
  return players;
}

async function main() {
  const { values } = parseArgs({
    options: {
      devices: { type: 'string', default: '10' },
      server: { type: 'string', default: 'http://localhost:8080' },
      interval: { type: 'string', default: '5' },
      reboot: { type: 'string', default: '15' },
      prefix: { type: 'string' },
      quiet: { type: 'boolean', default: false },
    },
  });
  const devices = Number(values.devices);
  if (!Number.isInteger(devices) || devices < 1) throw new Error('--devices must be a positive integer');
  const log = values.quiet ? undefined : (line: string) => console.log(`  ${line}`);
  const players = startSimulation({
    server: values.server!,
    devices,
    intervalMs: Number(values.interval) * 1000,
    rebootMs: Number(values.reboot) * 1000,
    prefix: values.prefix,
    log,
  });
  console.log(`Simulating ${devices} player(s) against ${values.server} (heartbeat every ${values.interval} s). Ctrl+C stops them.`);
  const report = setInterval(() => {
    const counts = new Map<string, number>();
    for (const player of players) counts.set(player.state, (counts.get(player.state) ?? 0) + 1);
    console.log(`  ${[...counts].map(([state, n]) => `${state}: ${n}`).join(', ')}`);
  }, 30_000);
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.once(signal, async () => {
      clearInterval(report);
      console.log('\nSigning the players off...');
      await Promise.all(players.map((player) => player.stop()));
      process.exit(0);
    });
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  main().catch((error: Error) => {
    console.error(error.message);
    process.exit(1);
  });
}
