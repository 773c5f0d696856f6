import { playerSequencerMachine, type SequencerContext } from '../../../src/machines/player/playerSequencer.machine.ts';
import type { DeviceSchedule, ScheduleItem } from '../../../src/services/player/schedule.ts';
import { defineQa } from '../qa/catalogue.ts';
import { text } from '../qa/screen.ts';

const at = (hhmm: string) => Date.parse(`2026-11-22T${hhmm}:00Z`);
const item = (event: number, from: string, to: string, priority: number, ids: number[]): ScheduleItem => ({
  event,
  title: `Event ${event}`,
  starts_at: `2026-11-22T${from}:00Z`,
  ends_at: `2026-11-22T${to}:00Z`,
  priority,
  playlist: null,
  media: ids.map((id) => ({ id, url: `/f/${id}`, checksum: '', duration: 10, type: 'image/png' })),
});
// 08-12 event 1 (files 11, 12; file 11 is valid until 11:00, so the compiler splits the item there, issue 42); 09-10
// event 2 of a higher priority (file 21) wins the overlap; 14-15 event 3 (file 31).
const SCHEDULE_ITEMS = [
  item(1, '08:00', '11:00', 0, [11, 12]),
  item(1, '11:00', '12:00', 0, [12]),
  item(2, '09:00', '10:00', 5, [21]),
  item(3, '14:00', '15:00', 0, [31]),
];
const schedule: DeviceSchedule = { device: 7, version: 4, timezone: 'UTC', generated_at: '2026-11-22T00:00:00Z', valid_until: '2026-11-29T00:00:00Z', items: SCHEDULE_ITEMS };
// An emergency override 3 (file 91) until 10:00 above everything.
const withOverride: DeviceSchedule = { ...schedule, version: 5, items: [...SCHEDULE_ITEMS, { ...item(-3, '09:00', '10:00', 1_000_000, [91]), override: 3 }] };

const SCHEDULE = 'the schedule arrives at 09:30';
const OVERRIDE = 'an override of file 91 until 10:00 starts at 09:30';
const NO_SCHEDULE = 'the schedule is withdrawn';
const READY = 'every file is downloaded';
const READY_ONE = 'only file 11 is downloaded';
const TICK_LATER = 'the clock reads 10:30';
const TICK_ELEVEN = 'the clock reads 11:30';
const TICK_LUNCH = 'the clock reads 12:30';
const TICK_NIGHT = 'the clock reads 16:00';
const ENDED = 'the play ends at 09:31';
const ENDED_LATE = 'the play ends at 12:30';
const FAILED = 'the file fails to play at 09:31';

const SHOWS = (id: number) => `the /player tab shows file ${id} full screen`;
const IDLE = {
  waiting: `the /player tab shows its idle screen, ${text('player:idle.nextAt', { title: '…', time: '…' })} naming the next event it has files for`,
  empty: `the /player tab shows its idle screen, ${text('player:idle.nothingScheduled')}`,
};
const KEEPS = (id: number) => `file ${id} keeps playing (what follows it is prepared out of sight)`;

type Change = Partial<Pick<SequencerContext, 'schedule' | 'ready' | 'now'>>;
const name = (id: number | undefined) => (id === undefined ? 'nothing' : String(id));

/*
 * The oracle, written from the rules (docs/api.md Scheduler, issue 35) for the three events above rather than with
 * the player's own schedule functions, so a change to those functions is checked against the rules, not itself:
 * the highest priority on wins (an override above all); an event goes on from the file after the last one it played,
 * skipping files not downloaded; nothing on but something later today is "waiting", nothing left is "empty".
 */
interface Winner {
  event: number;
  override: number | null;
  files: number[];
}

const minutes = (now: number) => new Date(now).getUTCHours() * 60 + new Date(now).getUTCMinutes();
const between = (now: number, from: string, to: string) => {
  const [fh, fm] = from.split(':').map(Number);
  const [th, tm] = to.split(':').map(Number);
  return minutes(now) >= fh! * 60 + fm! && minutes(now) < th! * 60 + tm!;
};

/** The event on screen at `now` under the schedule of that version (4: the three events; 5: with the override). */
function winner(version: number | null, now: number): Winner | null {
  if (version === null) return null;
  if (version === 5 && between(now, '09:00', '10:00')) return { event: -3, override: 3, files: [91] };
  if (between(now, '09:00', '10:00')) return { event: 2, override: null, files: [21] };
  // File 11 is valid until 11:00.
  if (between(now, '08:00', '12:00')) return { event: 1, override: null, files: between(now, '08:00', '11:00') ? [11, 12] : [12] };
  if (between(now, '14:00', '15:00')) return { event: 3, override: null, files: [31] };
  return null;
}

/** The winner's next downloaded file after the one it last played (`last`, -1 for none), and its place in the list. */
function pick(on: Winner, last: number, ready: number[]): { id: number; index: number } | null {
  for (let step = 1; step <= on.files.length; step++) {
    const index = (last + step) % on.files.length;
    if (ready.includes(on.files[index]!)) return { id: on.files[index]!, index };
  }
  return null;
}

/** Where the sequencer goes and what it shows after the schedule, the files or the time change (the rules above). */
function decide(context: SequencerContext, change: Change) {
  const next = { ...context, ...change };
  const version = next.schedule?.version ?? null;
  const on = winner(version, next.now);
  const current = on && pick(on, next.cursor?.positions[on.event] ?? -1, next.ready);
  if (on && current) {
    const after = pick(on, current.index, next.ready);
    return {
      to: 'playing',
      see: { current: current.id, next: after?.id ?? null },
      calls: [`present: ${current.id}`, `prepare: ${name(after?.id)}`],
      screen: [SHOWS(current.id)],
    };
  }
  // The last event of the day ends at 15:00.
  const state = version !== null && minutes(next.now) < 15 * 60 ? 'waiting' : 'empty';
  return { to: state, see: { current: null, next: null }, screen: [IDLE[state]] };
}

/**
 * While a play is on, a new schedule or new files change only what is prepared after it, unless they no longer allow
 * it (its event or file taken away, an override started or cleared): then it is cut at once.
 */
function replan(context: SequencerContext, change: Change) {
  const next = { ...context, ...change };
  const playing = context.current!;
  const on = winner(next.schedule?.version ?? null, next.now);
  const allowed = !!on && on.event === playing.event && on.override === (playing.override ?? null) && on.files.includes(playing.media.id) && next.ready.includes(playing.media.id);
  if (!allowed) {
    const cut = decide(context, change);
    return { ...cut, screen: [`file ${playing.media.id} is cut at once: ${cut.screen[0]}`] };
  }
  const after = pick(on, next.cursor?.positions[on.event] ?? -1, next.ready);
  return {
    to: 'playing',
    see: { current: playing.media.id, next: after?.id ?? null },
    calls: [`prepare: ${name(after?.id)}`],
    screen: [KEEPS(playing.media.id)],
  };
}

/** The clock cuts a play when an override starts or ends, or when its file expires while its event goes on (issue 42). */
function tick(context: SequencerContext, now: number) {
  const playing = context.current!;
  const on = winner(context.schedule?.version ?? null, now);
  const overrideNow = on?.override ?? null;
  if (overrideNow !== (playing.override ?? null)) {
    const cut = decide(context, { now });
    return { ...cut, screen: [`file ${playing.media.id} is cut at once (an override started or ended): ${cut.screen[0]}`] };
  }
  if (on && on.event === playing.event && !on.files.includes(playing.media.id)) {
    const cut = decide(context, { now });
    return { ...cut, screen: [`file ${playing.media.id} is cut at once (it expired while its event goes on): ${cut.screen[0]}`] };
  }
  return { to: 'playing', see: {}, screen: [`${KEEPS(playing.media.id)}: the clock cuts a play short only when an override starts or ends or its file expires`] };
}

const idle = {
  [SCHEDULE]: (context: SequencerContext) => decide(context, { schedule, now: at('09:30') }),
  [OVERRIDE]: (context: SequencerContext) => decide(context, { schedule: withOverride, now: at('09:30') }),
  [NO_SCHEDULE]: (context: SequencerContext) => decide(context, { schedule: null, now: at('09:30') }),
  [READY]: (context: SequencerContext) => decide(context, { ready: [11, 12, 21, 31, 91], now: at('09:30') }),
  [READY_ONE]: (context: SequencerContext) => decide(context, { ready: [11], now: at('09:30') }),
  [TICK_LATER]: (context: SequencerContext) => decide(context, { now: at('10:30') }),
  [TICK_ELEVEN]: (context: SequencerContext) => decide(context, { now: at('11:30') }),
  [TICK_LUNCH]: (context: SequencerContext) => decide(context, { now: at('12:30') }),
  [TICK_NIGHT]: (context: SequencerContext) => decide(context, { now: at('16:00') }),
};

/** The playback sequencer of the web player: priorities, turns, downloaded files only, the next play prepared, a play no longer allowed cut at once. */
export default defineQa({
  machine: playerSequencerMachine,
  file: 'src/machines/player/playerSequencer.machine.ts',
  title: 'The web player playback sequencer',
  recorded: ['present', 'prepare'],
  namespace: 'player',
  preconditions: {
    start: {
      route: '/player in a browser tab of its own (a new profile, so it pairs as a new screen), beside the panel in another tab',
      user: 'admin in the panel (to adopt the /player tab under Clients as device 7 and schedule it); /player itself needs no sign-in',
      data:
        'three image files 11, 12 (event 1, 08:00-12:00), 21 (event 2, priority 5, 09:00-10:00) and 31 (event 3, 14:00-15:00) scheduled on device 7 today, an image file 91 for overrides; ' +
        'file 11 valid until 11:00 (PUT /api/v1/media/files/11 {"valid_until": ...}); ' +
        'shift the hours to your own clock (the paths name 09:30 as "now")',
    },
  },
  howTo: {
    [SCHEDULE]: 'publish the schedule of device 7 in the panel (Scheduler) while the tab runs, at 09:30 of the shifted hours',
    [OVERRIDE]: 'on the card of device 7, start an emergency override of image file 91 until 10:00 of the shifted hours, at 09:30',
    [NO_SCHEDULE]: 'delete the three events in the panel and publish again',
    [READY]: 'wait: the tab downloads every scheduled file (its status line "Downloading … files" goes away)',
    [READY_ONE]: 'in the devtools Network tab, block the URLs of files 12, 21 and 31 before the schedule arrives',
    [TICK_LATER]: 'wait until 10:30 of the shifted hours',
    [TICK_ELEVEN]: 'wait until 11:30 of the shifted hours',
    [TICK_LUNCH]: 'wait until 12:30 of the shifted hours',
    [TICK_NIGHT]: 'wait until 16:00 of the shifted hours',
    [ENDED]: 'wait: an image plays for its duration (10 s) and ends',
    [ENDED_LATE]: 'wait until 12:30 of the shifted hours for the play to end',
    [FAILED]: 'replace a scheduled file on the server by a damaged one (the browser cannot decode it)',
  },
  describeCall: (callName, argument) => `${callName}: ${name((argument as { play: { media: { id: number } } | null }).play?.media.id)}`,
  events: {
    [SCHEDULE]: { type: 'sequence.schedule', schedule, now: at('09:30') },
    [OVERRIDE]: { type: 'sequence.schedule', schedule: withOverride, now: at('09:30') },
    [NO_SCHEDULE]: { type: 'sequence.schedule', schedule: null, now: at('09:30') },
    [READY]: { type: 'sequence.ready', ready: [11, 12, 21, 31, 91], now: at('09:30') },
    [READY_ONE]: { type: 'sequence.ready', ready: [11], now: at('09:30') },
    [TICK_LATER]: { type: 'clock.tick', now: at('10:30') },
    [TICK_ELEVEN]: { type: 'clock.tick', now: at('11:30') },
    [TICK_LUNCH]: { type: 'clock.tick', now: at('12:30') },
    [TICK_NIGHT]: { type: 'clock.tick', now: at('16:00') },
    [ENDED]: { type: 'play.ended', now: at('09:31') },
    [ENDED_LATE]: { type: 'play.ended', now: at('12:30') },
    [FAILED]: { type: 'play.failed', now: at('09:31') },
  },
  initial: { start: { to: 'empty', see: { current: null, next: null } } },
  expect: {
    waiting: idle,
    empty: idle,
    playing: {
      [SCHEDULE]: (context) => replan(context, { schedule, now: at('09:30') }),
      [OVERRIDE]: (context) => replan(context, { schedule: withOverride, now: at('09:30') }),
      [NO_SCHEDULE]: (context) => replan(context, { schedule: null, now: at('09:30') }),
      [READY]: (context) => replan(context, { ready: [11, 12, 21, 31, 91], now: at('09:30') }),
      [READY_ONE]: (context) => replan(context, { ready: [11], now: at('09:30') }),
      [TICK_LATER]: (context) => tick(context, at('10:30')),
      [TICK_ELEVEN]: (context) => tick(context, at('11:30')),
      [TICK_LUNCH]: (context) => tick(context, at('12:30')),
      [TICK_NIGHT]: (context) => tick(context, at('16:00')),
      [ENDED]: (context) => decide(context, { now: at('09:31') }),
      [ENDED_LATE]: (context) => decide(context, { now: at('12:30') }),
      [FAILED]: (context) => decide(context, { now: at('09:31') }),
    },
  },
  view: (snapshot) => ({ current: snapshot.context.current?.media.id ?? null, next: snapshot.context.next?.media.id ?? null }),
  key: (snapshot) => {
    const c = snapshot.context;
    return JSON.stringify([snapshot.value, c.schedule?.version ?? null, c.ready, c.now, c.cursor]);
  },
});
