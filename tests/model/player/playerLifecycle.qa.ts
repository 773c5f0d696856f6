import { playerLifecycleMachine, type LifecycleInput } from '../../../src/machines/player/playerLifecycle.machine.ts';
import type { DeviceSchedule } from '../../../src/services/player/schedule.ts';
import { after, defineQa, done, error } from '../qa/catalogue.ts';
import { text } from '../qa/screen.ts';
import { withScreen } from '../devices/pages.ts';

const schedule = (version: number): DeviceSchedule => ({
  device: 7,
  version,
  timezone: 'Europe/Berlin',
  generated_at: '2026-11-22T00:00:00Z',
  valid_until: '2026-11-29T00:00:00Z',
  items: [],
});
const base: LifecycleInput = { serial: 'WEB-QA', key: null, device: null, schedule: null, configVersion: null, acknowledged: [], heartbeatSeconds: 30 };
const adopted: LifecycleInput = { ...base, key: 'K-7', device: 7, schedule: schedule(4), configVersion: 1 };

const beat = (extra: object = {}) => ({ ok: true, device: 7, commands: [], scheduleVersion: 4, configVersion: 1, configs: null, ...extra });
const configFile = { id: 1, name: 'player.json', path: '/etc/vitrine/player.json', content: '{"orientation":"portrait","volume":20}' };
const offline = new TypeError('Failed to fetch');

const PENDING = 'the server answers: waiting on /clients';
const ADOPTED = 'an operator adopted it: the server hands over its key';
const KEY_REQUIRED = 'the server answers: this device needs its key';
const PAIR_OFFLINE = 'the hello cannot reach the server';
const ASK_AGAIN = 'the pairing pause runs out';
const GREET_OK = 'the server knows its key';
const GREET_DISABLED = 'the server answers: device disabled (403)';
const GREET_KEY = 'the server refuses its key (401)';
const GREET_PENDING = 'the server no longer knows its serial (device deleted)';
const GREET_OFFLINE = 'the greeting cannot reach the server';
const SCHEDULE = 'the schedule (version 4) arrives';
const SCHEDULE_KEY = 'the schedule is refused: key refused';
const SCHEDULE_DISABLED = 'the schedule is refused: device disabled';
const SCHEDULE_OFFLINE = 'the schedule cannot be fetched';
const PLAYING = 'the sequencer starts playing';
const WAITING = 'the sequencer waits for a later occurrence';
const IDLE = 'the sequencer has nothing scheduled';
const BEAT_TIME = 'heartbeat_seconds pass';
const BEAT_OK = 'the heartbeat is answered with nothing new';
const BEAT_CONFIGS = 'the heartbeat brings config files (version 2)';
const BEAT_VERSION = 'the heartbeat announces schedule version 5';
const BEAT_REBOOT = 'the heartbeat brings a REBOOT command (9)';
const BEAT_KEY = 'the heartbeat is refused: key refused';
const BEAT_DISABLED = 'the heartbeat is refused: device disabled';
const BEAT_OFFLINE = 'the heartbeat cannot reach the server';
const PROBE_TIME = 'the offline pause runs out';
const PROBE_OK = 'the server answers again, nothing new';
const PROBE_VERSION = 'the server answers again with schedule version 5';
const PROBE_REBOOT = 'the server answers again with a REBOOT command (9)';
const PROBE_KEY = 'the server answers again: key refused';
const PROBE_DISABLED = 'the server answers again: device disabled';
const PROBE_OFFLINE = 'the server is still unreachable';
const REFUSED_AGAIN = 'the refused pause runs out';
const HOLD_OVER = 'a minute passes on the key-refused screen';
const NOTICE = 'the live channel brings a notice';
const NOTICE_SCHEDULE = 'the live channel brings a schedule notice';
const REPAIR = 'someone presses "Pair again"';
const SIGNED_OFF = 'the sign-off is answered';
const SIGN_OFF_FAILS = 'the sign-off cannot reach the server';


// What the /player tab shows (src/player/main.ts render(), src/player/screen.ts).
const PAIRING = `the pairing screen: ${text('player:pairing.heading')}, ${text('player:pairing.instructions')}, its ${text('player:pairing.serial')} and ${text('player:pairing.server')}`;
const SYNCING = `the status ${text('player:status.syncing')}`;
const DISABLED = `${text('player:refused.disabled')} ${text('player:refused.disabledHint')}`;
const KEY_LOST = (code: string) => `${text('player:refused.keyLost')} ${text('player:refused.keyLostHint')}, the code ${code} and the button ${text('player:refused.repair')}`;
const OFFLINE_NOTE = `in the corner: ${text('player:status.offline')}`;
const IDLE_SCREEN = `the idle screen: the clock, the date and ${text('player:idle.nothingScheduled')}`;
const RESTARTING = `the status ${text('player:status.rebooting')}`;
const HEARTBEAT_NOW = 'nothing changes on the tab; the devtools Network tab shows a POST /api/v1/player/heartbeat/ at once';
const PROBE_NOW = 'the corner note stays; the devtools Network tab shows a POST /api/v1/player/heartbeat/ at once';
const NOTED = 'nothing changes on the tab; the heartbeat under way is followed by another as soon as it is answered';
const FETCH_NOW = 'the devtools Network tab shows GET /api/v1/scheduler/dev2/7 at once, no heartbeat before it; what the new schedule plays replaces what was on screen';
const SCHEDULE_NOTED = 'nothing changes on the tab yet; the schedule is fetched as soon as the request under way is answered';
/** What the tab shows when the sequencer reports, by where the lifecycle is (the pairing, refusal and restart screens cover the play). */
const plays = {
  [PLAYING]: ['the scheduled file plays full screen'],
  [WAITING]: [`the idle screen: the clock and ${text('player:idle.nextAt', { title: '…', time: '…' })}`],
  [IDLE]: [IDLE_SCREEN],
};
const covered = (panel: string) => ({ [PLAYING]: [`${panel} stays over the play`], [WAITING]: [`${panel} stays`], [IDLE]: [`${panel} stays`] });
const reported = (sample: typeof PLAYING | typeof WAITING | typeof IDLE, playback: string, lines: (context: { schedule: unknown }) => string[]) => ({
  [sample]: (context: { schedule: unknown }) => ({ see: { playback }, screen: lines(context) }),
});
/** The sequencer's three reports in a state, with what the tab shows then. */
const reports = (lines: (sample: typeof PLAYING | typeof WAITING | typeof IDLE, context: { schedule: unknown }) => string[]) => ({
  ...reported(PLAYING, 'playing', (context) => lines(PLAYING, context)),
  ...reported(WAITING, 'waiting', (context) => lines(WAITING, context)),
  ...reported(IDLE, 'not_found', (context) => lines(IDLE, context)),
});
const offlineDevtools = (before: string) => `in the devtools Network tab of the /player tab, choose "Offline" before ${before}`;
const NO_SCHEDULE = 'a screen that is not adopted has no schedule, so its sequencer has nothing to play or wait for';
const REPAIR_HIDDEN = `the button ${text('player:refused.repair')} shows only on the key-refused screen`;

const pairAgain = { to: 'pairing.asking', see: { paired: false }, calls: ['forgetKey', 'pair: without key'], screen: [PAIRING] };
const heartbeatCall = (name: string) => (context: { playback: string; acknowledged: number[] }) =>
  `${name}: ${context.playback}${context.acknowledged.length ? `, acknowledging ${context.acknowledged.join(',')}` : ''}`;

/** The web player's life (issue 18): pairing, registration, schedule sync, heartbeats, offline, refusals, REBOOT. */
export default defineQa({
  machine: playerLifecycleMachine,
  file: 'src/machines/player/playerLifecycle.machine.ts',
  title: 'The web player lifecycle',
  actors: ['pair', 'greet', 'fetchSchedule', 'beat', 'probe', 'signOff'],
  recorded: ['keepKey', 'forgetKey', 'keepSchedule', 'reload'],
  namespace: 'player',
  preconditions: {
    'a new screen': {
      route: '/player in a browser tab of its own with empty storage (a private window, or devtools Application: Clear site data), beside the panel in another tab',
      user: 'nobody on /player (it needs no sign-in); admin in the panel, to adopt it under Clients',
      data: 'no device with the serial the tab shows (the paths call it WEB-QA)',
    },
    'an adopted screen': {
      route: '/player in a tab adopted before (under Clients, as device 7), reloaded',
      user: 'nobody on /player; admin in the panel, to change device 7',
      data: 'device 7 active, with a published schedule (version 4) and its config files',
    },
    'a screen back from a REBOOT': {
      route: '/player of device 7 as it reloads itself after a REBOOT (press "Reboot" in the card of device 7 and wait for the next heartbeat)',
      user: 'nobody on /player; admin in the panel, to press "Reboot"',
      data: 'device 7 active, with a published schedule (version 4)',
    },
  },
  howTo: {
    [PENDING]: 'wait: the server answers the hello of a serial nobody adopted yet',
    [ADOPTED]: 'adopt the serial under Clients in the panel, then wait for the next hello (10 s)',
    [KEY_REQUIRED]: 'add a device with the serial the tab shows through "Add device" (not through Clients) before the hello',
    [PAIR_OFFLINE]: offlineDevtools('the hello'),
    [ASK_AGAIN]: 'wait 10 s',
    [GREET_OK]: 'wait: the server knows the key the tab kept',
    [GREET_DISABLED]: 'deactivate device 7 in the panel before reloading the tab',
    [GREET_KEY]: 'in the devtools Application tab, change the kept key of the player in Local Storage, then reload',
    [GREET_PENDING]: 'delete device 7 in the panel, then reload the tab',
    [GREET_OFFLINE]: offlineDevtools('reloading it (the page itself comes from the browser cache: reload once online first)'),
    [SCHEDULE]: 'wait: the server hands over the published schedule',
    [SCHEDULE_KEY]: 'delete device 7 in the panel while the tab loads its schedule (devtools: throttle to "Slow 3G" to widen the moment)',
    [SCHEDULE_DISABLED]: 'deactivate device 7 in the panel while the tab loads its schedule (devtools: "Slow 3G")',
    [SCHEDULE_OFFLINE]: offlineDevtools('the schedule is fetched (right after the greeting; devtools "Slow 3G" widens the moment)'),
    [PLAYING]: 'schedule an event on device 7 that runs now and publish; its files download and play',
    [WAITING]: 'schedule only an event later today on device 7 and publish',
    [IDLE]: 'delete the events of device 7 and publish',
    [BEAT_TIME]: 'wait 30 s (heartbeat_seconds)',
    [BEAT_OK]: 'wait: the server answers the heartbeat with nothing new',
    [BEAT_CONFIGS]: 'save a config file of device 7 in the panel (/devices/7/configs), then wait for the next heartbeat',
    [BEAT_VERSION]: 'publish a change to the schedule of device 7, then wait for the next heartbeat',
    [BEAT_REBOOT]: 'press "Reboot" in the card of device 7, then wait for the next heartbeat',
    [BEAT_KEY]: 'delete device 7 in the panel, then wait for the next heartbeat',
    [BEAT_DISABLED]: 'deactivate device 7 in the panel, then wait for the next heartbeat',
    [BEAT_OFFLINE]: offlineDevtools('the next heartbeat'),
    [PROBE_TIME]: 'wait 10 s',
    [PROBE_OK]: 'choose "No throttling" in the devtools Network tab again before the next try',
    [PROBE_VERSION]: 'publish a change to the schedule of device 7 while the tab is offline, then go back online',
    [PROBE_REBOOT]: 'press "Reboot" in the card of device 7 while the tab is offline, then go back online',
    [PROBE_KEY]: 'delete device 7 in the panel while the tab is offline, then go back online',
    [PROBE_DISABLED]: 'deactivate device 7 in the panel while the tab is offline, then go back online',
    [PROBE_OFFLINE]: 'keep the devtools Network tab on "Offline"',
    [REFUSED_AGAIN]: 'wait 10 s',
    [HOLD_OVER]: 'wait a minute',
    [NOTICE]: 'change something of device 7 in the panel (save one of its config files, or press "Check" in its card): the server tells the tab over its live channel',
    [NOTICE_SCHEDULE]: 'start an emergency override on device 7 in the panel (or publish a change to its schedule): the server tells the tab over its live channel',
    [REPAIR]: `press ${text('player:refused.repair')}`,
    [SIGNED_OFF]: 'wait: the server answers the sign-off',
    [SIGN_OFF_FAILS]: offlineDevtools('the REBOOT heartbeat is answered (block POST /api/v1/player/bye/ instead to keep the heartbeat)'),
  },
  offScreen: {
    [PLAYING]: { pairing: NO_SCHEDULE },
    [WAITING]: { pairing: NO_SCHEDULE },
    [IDLE]: { pairing: NO_SCHEDULE },
    [NOTICE]: { pairing: 'the live channel opens only for an adopted screen' },
    [NOTICE_SCHEDULE]: { pairing: 'the live channel opens only for an adopted screen' },
    [REPAIR]: {
      pairing: REPAIR_HIDDEN,
      greeting: REPAIR_HIDDEN,
      syncing: REPAIR_HIDDEN,
      online: REPAIR_HIDDEN,
      offline: REPAIR_HIDDEN,
      refused: REPAIR_HIDDEN,
      rebooting: REPAIR_HIDDEN,
      reloading: REPAIR_HIDDEN,
    },
  },
  onScreen: { reload: 'the tab reloads itself' },
  describeCall: (name, argument) => {
    const input = argument as Record<string, any> | undefined;
    if (name === 'pair' || name === 'greet') return `${name}: ${input!.key ? `with key ${input!.key}` : 'without key'}`;
    if (name === 'beat' || name === 'probe') {
      const report = input!.report;
      return `${name}: ${report.schedule_state}${report.acknowledged ? `, acknowledging ${report.acknowledged.join(',')}` : ''}`;
    }
    if (name === 'fetchSchedule') return `fetchSchedule: device ${input!.device}`;
    if (name === 'keepKey') return `keepKey: ${input!.key} device ${input!.device}`;
    if (name === 'keepSchedule') return `keepSchedule: version ${input!.schedule.version}`;
    if (name === 'reload') return `reload: acknowledge ${input!.acknowledged.join(',')}`;
    return name;
  },
  starts: {
    'a new screen': () => base,
    'an adopted screen': () => adopted,
    'a screen back from a REBOOT': () => ({ ...adopted, acknowledged: [9] }),
  },
  events: {
    [PENDING]: done('pair', { ok: true, status: 'pending', heartbeatSeconds: 30 }),
    [ADOPTED]: done('pair', { ok: true, status: 'adopted', device: 7, key: 'K-7', heartbeatSeconds: 30, scheduleVersion: 4 }),
    [KEY_REQUIRED]: done('pair', { ok: false, reason: 'key_required', code: 'device_key_required' }),
    [PAIR_OFFLINE]: error('pair', offline),
    [ASK_AGAIN]: after('retry', 'player.pairing.waiting'),
    [GREET_OK]: done('greet', { ok: true, status: 'registered', device: 7, key: 'K-7', heartbeatSeconds: 30, scheduleVersion: 4 }),
    [GREET_DISABLED]: done('greet', { ok: false, reason: 'device_disabled', code: 'device_disabled' }),
    [GREET_KEY]: done('greet', { ok: false, reason: 'key_refused', code: 'invalid_device_key' }),
    [GREET_PENDING]: done('greet', { ok: true, status: 'pending', heartbeatSeconds: 30 }),
    [GREET_OFFLINE]: error('greet', offline),
    [SCHEDULE]: done('fetchSchedule', { ok: true, schedule: schedule(4) }),
    [SCHEDULE_KEY]: done('fetchSchedule', { ok: false, reason: 'key_refused', code: 'unknown_device' }),
    [SCHEDULE_DISABLED]: done('fetchSchedule', { ok: false, reason: 'device_disabled', code: 'device_disabled' }),
    [SCHEDULE_OFFLINE]: error('fetchSchedule', offline),
    [PLAYING]: { type: 'playback.changed', state: 'playing', expiry: '2026-11-22T15:00:00.000Z' },
    [WAITING]: { type: 'playback.changed', state: 'waiting', expiry: '2026-11-22T15:00:00.000Z' },
    [IDLE]: { type: 'playback.changed', state: 'not_found', expiry: null },
    [BEAT_TIME]: after('heartbeat', 'player.online.link.resting'),
    [BEAT_OK]: done('beat', beat()),
    [BEAT_CONFIGS]: done('beat', beat({ configVersion: 2, configs: [configFile] })),
    [BEAT_VERSION]: done('beat', beat({ scheduleVersion: 5 })),
    [BEAT_REBOOT]: done('beat', beat({ commands: [{ id: 9, command: 'REBOOT' }] })),
    [BEAT_KEY]: done('beat', { ok: false, reason: 'key_refused', code: 'invalid_device_key' }),
    [BEAT_DISABLED]: done('beat', { ok: false, reason: 'device_disabled', code: 'device_disabled' }),
    [BEAT_OFFLINE]: error('beat', offline),
    [PROBE_TIME]: after('retry', 'player.offline.resting'),
    [PROBE_OK]: done('probe', beat()),
    [PROBE_VERSION]: done('probe', beat({ scheduleVersion: 5 })),
    [PROBE_REBOOT]: done('probe', beat({ commands: [{ id: 9, command: 'REBOOT' }] })),
    [PROBE_KEY]: done('probe', { ok: false, reason: 'key_refused', code: 'unknown_device' }),
    [PROBE_DISABLED]: done('probe', { ok: false, reason: 'device_disabled', code: 'device_disabled' }),
    [PROBE_OFFLINE]: error('probe', offline),
    [REFUSED_AGAIN]: after('retry', 'player.refused'),
    [HOLD_OVER]: after('keyLostHold', 'player.keyLost'),
    [REPAIR]: { type: 'player.repair' },
    [NOTICE]: { type: 'channel.notice' },
    [NOTICE_SCHEDULE]: { type: 'channel.schedule' },
    [SIGNED_OFF]: done('signOff', undefined),
    [SIGN_OFF_FAILS]: error('signOff', offline),
  },
  initial: {
    'a new screen': { to: 'pairing.asking', see: { paired: false }, calls: ['pair: without key'], screen: [PAIRING] },
    'an adopted screen': { to: 'greeting', see: { paired: true }, calls: ['greet: with key K-7'], screen: ['the idle screen (the clock and the next event of the kept schedule) while the tab greets the server'] },
    'a screen back from a REBOOT': { to: 'greeting', see: { acknowledged: 1 }, calls: ['greet: with key K-7'], screen: ['the idle screen (the clock and the next event of the kept schedule) while the tab greets the server'] },
  },
  delays: {
    heartbeat: { ms: 30_000, from: 'docs/api.md player heartbeat: one every heartbeat_seconds (30)' },
    retry: { ms: 10_000, from: 'README web player: a hello every 10 s while pairing, heartbeats every 10 s while offline' },
    keyLostHold: { ms: 60_000, from: 'README web player: a refused key returns to pairing after a minute' },
  },
  expect: withScreen({
    '': {
      [PLAYING]: { see: { playback: 'playing' } },
      [WAITING]: { see: { playback: 'waiting' } },
      [IDLE]: { see: { playback: 'not_found' } },
    },
    'pairing.asking': {
      [PENDING]: { to: 'pairing.waiting', see: { problem: null, paired: false } },
      [ADOPTED]: { to: 'syncing', see: { paired: true }, calls: ['keepKey: K-7 device 7', 'fetchSchedule: device 7'] },
      [KEY_REQUIRED]: { to: 'pairing.waiting', see: { problem: 'device_key_required' } },
      [PAIR_OFFLINE]: { to: 'pairing.waiting', see: { problem: 'offline' } },
    },
    'pairing.waiting': { [ASK_AGAIN]: { to: 'pairing.asking', calls: ['pair: without key'] } },
    greeting: {
      ...reports((sample, context) => (context.schedule ? plays[sample] : covered(SYNCING)[sample])),
      [GREET_OK]: { to: 'syncing', see: { problem: null }, calls: ['fetchSchedule: device 7'] },
      [GREET_DISABLED]: { to: 'refused', see: { problem: 'device_disabled' } },
      [GREET_KEY]: { to: 'keyLost', see: { problem: 'invalid_device_key' } },
      [GREET_PENDING]: { to: 'keyLost', see: { problem: 'unknown_device' } },
      [GREET_OFFLINE]: { to: 'offline.resting', see: { problem: 'offline' } },
    },
    syncing: {
      ...reports((sample, context) => (context.schedule ? plays[sample] : covered(SYNCING)[sample])),
      // A schedule notice while the schedule was on its way: fetched again at once (this answer may predate the change),
      // then the heartbeat a notice asked for, if one did.
      [SCHEDULE]: (context) =>
        context.scheduleNoticed
          ? { to: 'syncing', see: { version: 4, problem: null, scheduleNoticeWaiting: false, noticeWaiting: context.noticed }, calls: ['keepSchedule: version 4', 'fetchSchedule: device 7'] }
          : context.noticed
            ? { to: 'online.link.beating', see: { version: 4, problem: null, noticeWaiting: false }, calls: ['keepSchedule: version 4', heartbeatCall('beat')(context)] }
            : { to: 'online.link.resting', see: { version: 4, problem: null }, calls: ['keepSchedule: version 4'] },
      // A notice while the schedule is on its way: noted, and a heartbeat follows as soon as the schedule is in.
      [NOTICE]: { to: 'syncing', see: { noticeWaiting: true }, calls: [] },
      [NOTICE_SCHEDULE]: { to: 'syncing', see: { scheduleNoticeWaiting: true }, calls: [] },
      [SCHEDULE_KEY]: { to: 'keyLost', see: { problem: 'unknown_device' } },
      [SCHEDULE_DISABLED]: { to: 'refused', see: { problem: 'device_disabled' } },
      [SCHEDULE_OFFLINE]: { to: 'offline.resting', see: { problem: 'offline' } },
    },
    // Parallel regions: each leaf finds its own entry; the calls of a step are those named by every region.
    'online.playback': {
      [PLAYING]: { to: 'online.playback.playing', see: { playback: 'playing' } },
      [WAITING]: { to: 'online.playback.waiting', see: { playback: 'waiting' } },
      [IDLE]: { to: 'online.playback.idle', see: { playback: 'not_found' } },
      // A schedule notice noted during the heartbeat: its schedule is fetched next (the link region says how).
      [BEAT_OK]: (context) => (context.scheduleNoticed ? 'syncing' : 'online'),
      [BEAT_CONFIGS]: (context) => (context.scheduleNoticed ? 'syncing' : 'online'),
      [BEAT_VERSION]: 'syncing',
      [BEAT_REBOOT]: 'rebooting',
      [BEAT_KEY]: 'keyLost',
      [BEAT_DISABLED]: 'refused',
      [BEAT_OFFLINE]: 'offline.resting',
      // Decided by the link region: to syncing from rest, noted while a heartbeat is on its way.
      [NOTICE_SCHEDULE]: {},
    },
    'online.link': {
      [BEAT_TIME]: (context) => ({ to: 'online.link.beating', calls: [heartbeatCall('beat')(context)] }),
      [NOTICE]: (context) => ({ to: 'online.link.beating', calls: [heartbeatCall('beat')(context)] }),
      // The schedule moved: fetched at once, without a heartbeat first (issue 35.1).
      [NOTICE_SCHEDULE]: { to: 'syncing', calls: ['fetchSchedule: device 7'] },
      // A schedule notice that came while the heartbeat was on its way: the schedule is fetched at once (before a
      // heartbeat another notice asked for); a notice alone: heartbeat again at once (the change may be newer than its answer).
      [BEAT_OK]: (context) =>
        context.scheduleNoticed
          ? { to: 'syncing', see: { acknowledged: 0, problem: null, scheduleNoticeWaiting: false }, calls: ['fetchSchedule: device 7'] }
          : context.noticed
            ? { to: 'online.link.beating', see: { acknowledged: 0, problem: null, noticeWaiting: false }, calls: [heartbeatCall('beat')({ ...context, acknowledged: [] })] }
            : { to: 'online.link.resting', see: { acknowledged: 0, problem: null } },
      [BEAT_CONFIGS]: (context) =>
        context.scheduleNoticed
          ? { to: 'syncing', see: { configVersion: 2, configs: 1, scheduleNoticeWaiting: false }, calls: ['fetchSchedule: device 7'] }
          : context.noticed
            ? { to: 'online.link.beating', see: { configVersion: 2, configs: 1, noticeWaiting: false }, calls: [heartbeatCall('beat')({ ...context, acknowledged: [] })] }
            : { to: 'online.link.resting', see: { configVersion: 2, configs: 1 } },
      [BEAT_VERSION]: { to: 'syncing', calls: ['fetchSchedule: device 7'] },
      [BEAT_REBOOT]: { to: 'rebooting', see: { acknowledged: 1 }, calls: ['signOff'] },
      [BEAT_KEY]: { to: 'keyLost', see: { problem: 'invalid_device_key' } },
      [BEAT_DISABLED]: { to: 'refused', see: { problem: 'device_disabled' } },
      // Offline forgets the notices noted during the heartbeat: the probe's answer carries the schedule version, so a
      // notice noted before must not cause a second heartbeat or fetch once back online (issue 39's walk).
      [BEAT_OFFLINE]: { to: 'offline.resting', see: { problem: 'offline', noticeWaiting: false, scheduleNoticeWaiting: false } },
    },
    // A notice while a heartbeat is on its way starts no second one at once: it is noted, and the player heartbeats
    // again as soon as this one is answered (the change may have come after the server answered it).
    'online.link.beating': {
      [NOTICE]: { to: 'online.link.beating', see: { noticeWaiting: true }, calls: [] },
      // Nor does a schedule notice cut the heartbeat short (its answer may carry a command): noted, fetched after it.
      [NOTICE_SCHEDULE]: { to: 'online.link.beating', see: { scheduleNoticeWaiting: true }, calls: [] },
    },
    offline: reports((sample) => [...plays[sample], `${OFFLINE_NOTE} stays`]),
    'offline.resting': {
      [PROBE_TIME]: (context) => ({ to: 'offline.probing', calls: [heartbeatCall('probe')(context)] }),
      [NOTICE]: (context) => ({ to: 'offline.probing', calls: [heartbeatCall('probe')(context)] }),
      // Offline, any notice only makes the probe come sooner: its answer carries the schedule version.
      [NOTICE_SCHEDULE]: (context) => ({ to: 'offline.probing', calls: [heartbeatCall('probe')(context)] }),
    },
    'offline.probing': {
      [PROBE_OK]: (context) => (context.schedule?.version === 4 ? { to: 'online.link.resting', see: { problem: null } } : { to: 'syncing', calls: ['fetchSchedule: device 7'] }),
      [PROBE_VERSION]: { to: 'syncing', calls: ['fetchSchedule: device 7'] },
      [PROBE_REBOOT]: { to: 'rebooting', calls: ['signOff'] },
      [PROBE_KEY]: { to: 'keyLost', see: { problem: 'unknown_device' } },
      [PROBE_DISABLED]: { to: 'refused', see: { problem: 'device_disabled' } },
      [PROBE_OFFLINE]: 'offline.resting',
    },
    refused: { ...reports((sample) => covered('the disabled screen')[sample]), [REFUSED_AGAIN]: { to: 'greeting', calls: ['greet: with key K-7'] } },
    keyLost: { ...reports((sample) => covered('the key-refused screen')[sample]), [HOLD_OVER]: pairAgain, [REPAIR]: pairAgain },
    rebooting: {
      ...reports((sample) => covered(RESTARTING)[sample]),
      [SIGNED_OFF]: { to: 'reloading', calls: ['reload: acknowledge 9'] },
      [SIGN_OFF_FAILS]: { to: 'reloading', calls: ['reload: acknowledge 9'] },
    },
  }, {
    'pairing.asking': {
      [PENDING]: [PAIRING],
      [ADOPTED]: [SYNCING],
      [KEY_REQUIRED]: [PAIRING, `under it: ${text('player:pairing.keyRequired')}`],
      [PAIR_OFFLINE]: [PAIRING, `under it: ${text('player:pairing.offline')}`],
    },
    'pairing.waiting': { [ASK_AGAIN]: ['the pairing screen stays while the tab says hello again'] },
    greeting: {
      [GREET_OK]: ['the tab goes on showing what it showed while it loads the schedule'],
      [GREET_DISABLED]: [DISABLED],
      [GREET_KEY]: [KEY_LOST('invalid_device_key')],
      [GREET_PENDING]: [KEY_LOST('unknown_device')],
      [GREET_OFFLINE]: [OFFLINE_NOTE],
    },
    syncing: {
      [SCHEDULE]: [`the tab plays by the schedule it received (this one is empty: ${IDLE_SCREEN})`],
      [NOTICE]: ['nothing changes on the tab; a heartbeat follows as soon as the schedule is in'],
      [NOTICE_SCHEDULE]: [SCHEDULE_NOTED],
      [SCHEDULE_KEY]: [KEY_LOST('unknown_device')],
      [SCHEDULE_DISABLED]: [DISABLED],
      [SCHEDULE_OFFLINE]: [OFFLINE_NOTE],
    },
    'online.playback': plays,
    'online.link': {
      [NOTICE]: [HEARTBEAT_NOW],
      [NOTICE_SCHEDULE]: [FETCH_NOW],
      [BEAT_CONFIGS]: ['the tab applies the new player.json (portrait, volume 20)'],
      [BEAT_VERSION]: ['the tab loads its schedule again (GET /api/v1/scheduler/dev2/7 in the devtools Network tab)'],
      [BEAT_REBOOT]: [RESTARTING],
      [BEAT_KEY]: [KEY_LOST('invalid_device_key')],
      [BEAT_DISABLED]: [DISABLED],
      [BEAT_OFFLINE]: [OFFLINE_NOTE],
    },
    'online.link.beating': { [NOTICE]: [NOTED], [NOTICE_SCHEDULE]: [SCHEDULE_NOTED] },
    'offline.resting': { [NOTICE]: [PROBE_NOW], [NOTICE_SCHEDULE]: [PROBE_NOW] },
    'offline.probing': {
      [PROBE_OK]: ['the corner note goes'],
      [PROBE_VERSION]: ['the corner note goes; the tab loads its schedule again'],
      [PROBE_REBOOT]: [RESTARTING],
      [PROBE_KEY]: [KEY_LOST('unknown_device')],
      [PROBE_DISABLED]: [DISABLED],
      [PROBE_OFFLINE]: [`${OFFLINE_NOTE} stays`],
    },
    refused: { [REFUSED_AGAIN]: ['the disabled screen stays while the tab greets the server again'] },
  }),
  view: (snapshot) => ({
    paired: snapshot.context.key !== null,
    problem: snapshot.context.problem,
    playback: snapshot.context.playback,
    version: snapshot.context.schedule?.version ?? null,
    configVersion: snapshot.context.configVersion,
    configs: snapshot.context.configs?.length ?? 0,
    acknowledged: snapshot.context.acknowledged.length,
    noticeWaiting: snapshot.context.noticed,
    scheduleNoticeWaiting: snapshot.context.scheduleNoticed,
  }),
  key: (snapshot) => {
    const c = snapshot.context;
    return JSON.stringify([snapshot.value, c.key, c.schedule?.version, c.playback, c.problem, c.configVersion, c.acknowledged, c.noticed, c.scheduleNoticed]);
  },
  depth: 9,
});
