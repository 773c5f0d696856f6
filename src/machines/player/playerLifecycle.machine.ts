import { assign, fromPromise, setup } from 'xstate';
import type { ConfigFile, HeartbeatOutcome, HeartbeatReport, HelloOutcome, ScheduleOutcome } from '../../services/player/protocol.ts';
import type { DeviceSchedule, ScheduleState } from '../../services/player/schedule.ts';

export interface LifecycleInput {
  serial: string;
  key: string | null;
  device: number | null;
  /** The schedule kept from an earlier run (played while the server cannot be reached). */
  schedule: DeviceSchedule | null;
  configVersion: number | null;
  /** Commands carried out by the reload that started this run (REBOOT), acknowledged by the first heartbeat. */
  acknowledged: number[];
  /** Seconds between heartbeats until the server says (its hello answers heartbeat_seconds). */
  heartbeatSeconds: number;
}

export interface LifecycleContext extends LifecycleInput {
  /** The version the server last announced (hello, heartbeat): a difference from the schedule's starts a sync. */
  serverVersion: number | null;
  playback: ScheduleState;
  expiry: string | null;
  /** Why the player is not playing normally: an error code, for the screen. */
  problem: string | null;
  /** The config files of the last heartbeat that carried them (the player applies them when they change). */
  configs: ConfigFile[] | null;
  /** The navigation_version of the last heartbeat (the map's machine fetches the map when it changes). */
  navigationVersion: number | null;
  /**
   * A channel notice came while a heartbeat or a schedule fetch was on its way: the change it tells of may have come
   * after the server answered, so the player heartbeats again as soon as that one is done (not at the next beat).
   */
  noticed: boolean;
  /**
   * A `schedule` notice came while a heartbeat or a schedule fetch was on its way (its answer may predate the change):
   * the player fetches its schedule as soon as that one is done.
   */
  scheduleNoticed: boolean;
}

export type LifecycleEvent =
  | { type: 'playback.changed'; state: ScheduleState; expiry: string | null }
  | { type: 'player.repair' }
  /** The live channel said something changed for this device (or opened again): heartbeat now instead of at the next beat. */
  | { type: 'channel.notice' }
  /**
   * The live channel said this device's schedule moved (a `schedule` notice): fetch the schedule now, without
   * the heartbeat in between (issue 35.1: what is on screen switches at once).
   */
  | { type: 'channel.schedule' };

const NO_KEY = 'key_refused';

const beatActions = [
  { type: 'setBeat', params: ({ event }: { event: { output: HeartbeatOutcome } }) => ({ outcome: event.output }) },
  { type: 'setConfigs', params: ({ event }: { event: { output: HeartbeatOutcome } }) => ({ outcome: event.output }) },
] as const;

/**
 * The web player's life: pairing (hello without a key until an operator adopts it on /clients) -> registered ->
 * syncing (its schedule, when the version changed) -> online, where the playback region mirrors what the sequencer
 * reports (playing | waiting | idle) and the link region heartbeats every heartbeat_seconds, at once on a live-channel
 * notice, and goes straight to syncing on a schedule notice (no heartbeat in between); offline when the server
 * cannot be reached (the kept schedule plays on); refused while the device is disabled; keyLost when its key is
 * refused (deleted device, new key): it says so, then pairs again when told to or after a minute; rebooting on REBOOT.
 * Provide the actors `hello`, `heartbeat`, `fetchSchedule`, `signOff` and the actions `keepKey`, `forgetKey`,
 * `keepSchedule`, `reload` (config files arrive in the context's `configs`).
 */
export const playerLifecycleMachine = setup({
  types: { context: {} as LifecycleContext, events: {} as LifecycleEvent, input: {} as LifecycleInput },
  actors: {
    hello: fromPromise<HelloOutcome, { serial: string; key: string | null }>(() => Promise.reject(new Error('hello not provided'))),
    heartbeat: fromPromise<HeartbeatOutcome, { serial: string; key: string; report: HeartbeatReport }>(() =>
      Promise.reject(new Error('heartbeat not provided')),
    ),
    fetchSchedule: fromPromise<ScheduleOutcome, { serial: string; key: string; device: number }>(() =>
      Promise.reject(new Error('fetchSchedule not provided')),
    ),
    signOff: fromPromise<void, { serial: string; key: string }>(() => Promise.reject(new Error('signOff not provided'))),
  },
  // The protocol's heartbeat_seconds (30); the player provides delays that follow what its server answers.
  delays: { heartbeat: 30_000, retry: 10_000, keyLostHold: 60_000 },
  guards: {
    hasKey: ({ context }) => !!context.key && context.device !== null,
    wasAdopted: (_, params: { outcome: HelloOutcome }) => params.outcome.ok && params.outcome.status !== 'pending',
    isPending: (_, params: { outcome: HelloOutcome }) => params.outcome.ok && params.outcome.status === 'pending',
    keyRefused: (_, params: { outcome: { ok: boolean; reason?: string } }) => !params.outcome.ok && params.outcome.reason === NO_KEY,
    deviceDisabled: (_, params: { outcome: { ok: boolean; reason?: string } }) => !params.outcome.ok && params.outcome.reason === 'device_disabled',
    rebootAsked: (_, params: { outcome: HeartbeatOutcome }) => params.outcome.ok && params.outcome.commands.some((c) => c.command === 'REBOOT'),
    scheduleChanged: ({ context }, params: { outcome: HeartbeatOutcome }) =>
      params.outcome.ok && params.outcome.scheduleVersion !== (context.schedule?.version ?? null),
    isPlaying: ({ context }) => context.playback === 'playing',
    isWaiting: ({ context }) => context.playback === 'waiting',
    noticed: ({ context }) => context.noticed,
    scheduleNoticed: ({ context }) => context.scheduleNoticed,
  },
  actions: {
    keepKey: (_, _params: { key: string; device: number }) => {},
    forgetKey: () => {},
    keepSchedule: (_, _params: { schedule: DeviceSchedule }) => {},
    reload: (_, _params: { acknowledged: number[] }) => {},
    setRegistration: assign((_, params: { outcome: HelloOutcome }) =>
      params.outcome.ok && params.outcome.status !== 'pending'
        ? { key: params.outcome.key, device: params.outcome.device, heartbeatSeconds: params.outcome.heartbeatSeconds, serverVersion: params.outcome.scheduleVersion, problem: null }
        : {},
    ),
    setPending: assign((_, params: { outcome: HelloOutcome }) => (params.outcome.ok ? { heartbeatSeconds: params.outcome.heartbeatSeconds, problem: null } : {})),
    setProblem: assign((_, params: { problem: string }) => ({ problem: params.problem })),
    setProblemOf: assign((_, params: { outcome: { ok: boolean; code?: string } }) => ({ problem: params.outcome.ok ? null : (params.outcome.code ?? 'unknown') })),
    clearKey: assign({ key: null, device: null, schedule: null, serverVersion: null, navigationVersion: null }),
    setSchedule: assign((_, params: { outcome: ScheduleOutcome }) => (params.outcome.ok ? { schedule: params.outcome.schedule, problem: null } : {})),
    setBeat: assign((_, params: { outcome: HeartbeatOutcome }) =>
      params.outcome.ok ? { serverVersion: params.outcome.scheduleVersion, acknowledged: [], problem: null, navigationVersion: params.outcome.navigationVersion ?? 0 } : {},
    ),
    setConfigs: assign((_, params: { outcome: HeartbeatOutcome }) =>
      params.outcome.ok && params.outcome.configs ? { configVersion: params.outcome.configVersion, configs: params.outcome.configs } : {},
    ),
    setRebootAcks: assign((_, params: { outcome: HeartbeatOutcome }) =>
      params.outcome.ok ? { acknowledged: params.outcome.commands.filter((c) => c.command === 'REBOOT').map((c) => c.id) } : {},
    ),
    setPlayback: assign((_, params: { state: ScheduleState; expiry: string | null }) => ({ playback: params.state, expiry: params.expiry })),
    noteNotice: assign({ noticed: true }),
    clearNotice: assign({ noticed: false }),
    noteScheduleNotice: assign({ scheduleNoticed: true }),
    clearScheduleNotice: assign({ scheduleNoticed: false }),
  },
}).createMachine({
  id: 'player',
  context: ({ input }) => ({ ...input, serverVersion: null, playback: 'not_found', expiry: null, problem: null, configs: null, navigationVersion: null, noticed: false, scheduleNoticed: false }),
  initial: 'starting',
  on: {
    'playback.changed': { actions: { type: 'setPlayback', params: ({ event }) => ({ state: event.state, expiry: event.expiry }) } },
  },
  states: {
    starting: { always: [{ guard: 'hasKey', target: 'greeting' }, { target: 'pairing' }] },
    pairing: {
      initial: 'asking',
      states: {
        asking: {
          invoke: {
            id: 'pair',
            src: 'hello',
            input: ({ context }) => ({ serial: context.serial, key: null }),
            onDone: [
              {
                guard: { type: 'wasAdopted', params: ({ event }) => ({ outcome: event.output }) },
                target: '#player.registered',
                actions: [
                  { type: 'setRegistration', params: ({ event }) => ({ outcome: event.output }) },
                  { type: 'keepKey', params: ({ context }) => ({ key: context.key!, device: context.device! }) },
                ],
              },
              { guard: { type: 'isPending', params: ({ event }) => ({ outcome: event.output }) }, target: 'waiting', actions: { type: 'setPending', params: ({ event }) => ({ outcome: event.output }) } },
              { target: 'waiting', actions: { type: 'setProblemOf', params: ({ event }) => ({ outcome: event.output }) } },
            ],
            onError: { target: 'waiting', actions: { type: 'setProblem', params: { problem: 'offline' } } },
          },
        },
        waiting: { after: { retry: 'asking' } },
      },
    },
    greeting: {
      invoke: {
        id: 'greet',
        src: 'hello',
        input: ({ context }) => ({ serial: context.serial, key: context.key }),
        onDone: [
          { guard: { type: 'wasAdopted', params: ({ event }) => ({ outcome: event.output }) }, target: 'registered', actions: { type: 'setRegistration', params: ({ event }) => ({ outcome: event.output }) } },
          { guard: { type: 'deviceDisabled', params: ({ event }) => ({ outcome: event.output }) }, target: 'refused', actions: { type: 'setProblemOf', params: ({ event }) => ({ outcome: event.output }) } },
          // A hello with a key from a serial no device has any more is taken as a new player: the device was deleted.
          { guard: { type: 'isPending', params: ({ event }) => ({ outcome: event.output }) }, target: 'keyLost', actions: { type: 'setProblem', params: { problem: 'unknown_device' } } },
          { target: 'keyLost', actions: { type: 'setProblemOf', params: ({ event }) => ({ outcome: event.output }) } },
        ],
        onError: { target: 'offline', actions: { type: 'setProblem', params: { problem: 'offline' } } },
      },
    },
    registered: { always: 'syncing' },
    syncing: {
      tags: ['busy'],
      // This fetch answers whatever was stored when it began: a schedule notice meanwhile fetches again after it.
      entry: 'clearScheduleNotice',
      on: { 'channel.notice': { actions: 'noteNotice' }, 'channel.schedule': { actions: 'noteScheduleNotice' } },
      invoke: {
        id: 'fetchSchedule',
        src: 'fetchSchedule',
        input: ({ context }) => ({ serial: context.serial, key: context.key!, device: context.device! }),
        onDone: [
          { guard: { type: 'keyRefused', params: ({ event }) => ({ outcome: event.output }) }, target: 'keyLost', actions: { type: 'setProblemOf', params: ({ event }) => ({ outcome: event.output }) } },
          { guard: { type: 'deviceDisabled', params: ({ event }) => ({ outcome: event.output }) }, target: 'refused', actions: { type: 'setProblemOf', params: ({ event }) => ({ outcome: event.output }) } },
          {
            target: 'online',
            actions: [
              { type: 'setSchedule', params: ({ event }) => ({ outcome: event.output }) },
              { type: 'keepSchedule', params: ({ context }) => ({ schedule: context.schedule! }) },
            ],
          },
        ],
        onError: { target: 'offline', actions: { type: 'setProblem', params: { problem: 'offline' } } },
      },
    },
    online: {
      type: 'parallel',
      states: {
        playback: {
          initial: 'deciding',
          states: {
            deciding: { always: [{ guard: 'isPlaying', target: 'playing' }, { guard: 'isWaiting', target: 'waiting' }, { target: 'idle' }] },
            playing: { on: { 'playback.changed': { target: 'deciding', actions: { type: 'setPlayback', params: ({ event }) => ({ state: event.state, expiry: event.expiry }) } } } },
            waiting: { on: { 'playback.changed': { target: 'deciding', actions: { type: 'setPlayback', params: ({ event }) => ({ state: event.state, expiry: event.expiry }) } } } },
            idle: { on: { 'playback.changed': { target: 'deciding', actions: { type: 'setPlayback', params: ({ event }) => ({ state: event.state, expiry: event.expiry }) } } } },
          },
        },
        link: {
          initial: 'resting',
          states: {
            resting: {
              always: [
                { guard: 'scheduleNoticed', target: '#player.syncing' },
                { guard: 'noticed', target: 'beating' },
              ],
              after: { heartbeat: 'beating' },
              on: { 'channel.notice': 'beating', 'channel.schedule': '#player.syncing' },
            },
            beating: {
              entry: 'clearNotice',
              on: { 'channel.notice': { actions: 'noteNotice' }, 'channel.schedule': { actions: 'noteScheduleNotice' } },
              invoke: {
                id: 'beat',
                src: 'heartbeat',
                input: ({ context }) => heartbeatInput(context),
                onDone: [
                  { guard: { type: 'keyRefused', params: ({ event }) => ({ outcome: event.output }) }, target: '#player.keyLost', actions: { type: 'setProblemOf', params: ({ event }) => ({ outcome: event.output }) } },
                  { guard: { type: 'deviceDisabled', params: ({ event }) => ({ outcome: event.output }) }, target: '#player.refused', actions: { type: 'setProblemOf', params: ({ event }) => ({ outcome: event.output }) } },
                  { guard: { type: 'rebootAsked', params: ({ event }) => ({ outcome: event.output }) }, target: '#player.rebooting', actions: { type: 'setRebootAcks', params: ({ event }) => ({ outcome: event.output }) } },
                  { guard: { type: 'scheduleChanged', params: ({ event }) => ({ outcome: event.output }) }, target: '#player.syncing', actions: [...beatActions] },
                  { target: 'resting', actions: [...beatActions] },
                ],
                onError: { target: '#player.offline', actions: { type: 'setProblem', params: { problem: 'offline' } } },
              },
            },
          },
        },
      },
    },
    offline: {
      tags: ['offline'],
      // The probe's answer carries the schedule version: a notice only makes it come sooner.
      entry: ['clearNotice', 'clearScheduleNotice'],
      initial: 'resting',
      states: {
        resting: { after: { retry: 'probing' }, on: { 'channel.notice': 'probing', 'channel.schedule': 'probing' } },
        probing: {
          invoke: {
            id: 'probe',
            src: 'heartbeat',
            input: ({ context }) => heartbeatInput(context),
            onDone: [
              { guard: { type: 'keyRefused', params: ({ event }) => ({ outcome: event.output }) }, target: '#player.keyLost', actions: { type: 'setProblemOf', params: ({ event }) => ({ outcome: event.output }) } },
              { guard: { type: 'deviceDisabled', params: ({ event }) => ({ outcome: event.output }) }, target: '#player.refused', actions: { type: 'setProblemOf', params: ({ event }) => ({ outcome: event.output }) } },
              { guard: { type: 'rebootAsked', params: ({ event }) => ({ outcome: event.output }) }, target: '#player.rebooting', actions: { type: 'setRebootAcks', params: ({ event }) => ({ outcome: event.output }) } },
              { guard: { type: 'scheduleChanged', params: ({ event }) => ({ outcome: event.output }) }, target: '#player.syncing', actions: [...beatActions] },
              { target: '#player.online', actions: [...beatActions] },
            ],
            onError: 'resting',
          },
        },
      },
    },
    refused: { after: { retry: 'greeting' } },
    keyLost: {
      after: { keyLostHold: { target: 'pairing', actions: ['clearKey', 'forgetKey'] } },
      on: { 'player.repair': { target: 'pairing', actions: ['clearKey', 'forgetKey'] } },
    },
    rebooting: {
      invoke: {
        id: 'signOff',
        src: 'signOff',
        input: ({ context }) => ({ serial: context.serial, key: context.key! }),
        onDone: { target: 'reloading' },
        onError: { target: 'reloading' },
      },
    },
    reloading: { type: 'final', entry: { type: 'reload', params: ({ context }) => ({ acknowledged: context.acknowledged }) } },
  },
});


function heartbeatInput(context: LifecycleContext) {
  return {
    serial: context.serial,
    key: context.key!,
    report: {
      version: PLAYER_VERSION,
      schedule_state: context.playback,
      schedule_expiry: context.expiry,
      ...(context.configVersion !== null ? { config_version: context.configVersion } : {}),
      ...(context.acknowledged.length ? { acknowledged: context.acknowledged } : {}),
    },
  };
}

/** The version the web player reports in its hello and heartbeats. */
export const PLAYER_VERSION = 'web-1.0.0';
