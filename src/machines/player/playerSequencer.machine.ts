import { assign, setup } from 'xstate';
import { advance, fileWithdrawn, nextPlay, overrideTurned, scheduleState, stillAllowed, type Cursor, type DeviceSchedule, type Play, type ScheduleState } from '../../services/player/schedule.ts';

export interface SequencerContext {
  schedule: DeviceSchedule | null;
  /** Ids of the files downloaded and checked. */
  ready: number[];
  now: number;
  cursor: Cursor | null;
  /** What is on screen now. */
  current: Play | null;
  /** What the screen prepares (a second element, loaded before the current play ends) for gapless playback. */
  next: Play | null;
  plays: number;
}

export type SequencerEvent =
  | { type: 'sequence.schedule'; schedule: DeviceSchedule | null; now: number }
  | { type: 'sequence.ready'; ready: number[]; now: number }
  | { type: 'clock.tick'; now: number }
  | { type: 'play.ended'; now: number }
  | { type: 'play.failed'; now: number };

const decideNext = (context: SequencerContext, now: number) => nextPlay(context.schedule, now, context.cursor, new Set(context.ready), context.plays + 1);

/**
 * The playback sequencer: decides each play when the previous one ends (images after their duration, videos at
 * their end, a file that fails to play at once), or at once when what is on screen is no longer allowed: a new
 * schedule or a change of the kept files that took its event or file away (an override started or cleared, a publish
 * or commit that removed or replaced it), or the clock starting or ending an override or taking its file away while its
 * event goes on (the file expired, issue 42); a change that keeps it lets it finish. By the schedule's rules (services/player/schedule.ts: priorities,
 * equal priorities in turn), among downloaded files only; names the play after it so the screen can prepare it;
 * waits when an occurrence is due later and is empty when none is. Provide the actions `present` (show a play, the
 * moment its proof of play is recorded) and `prepare` (load the next one out of sight).
 */
export const playerSequencerMachine = setup({
  types: { context: {} as SequencerContext, events: {} as SequencerEvent },
  guards: {
    canPlay: ({ context }) => decideNext(context, context.now) !== null,
    hasLater: ({ context }) => scheduleState(context.schedule, context.now, new Set(context.ready)) === 'waiting',
    /** The current play is no longer allowed by this schedule or these files (cut it). */
    outlived: ({ context }, params: { schedule: DeviceSchedule | null; ready: number[]; now: number }) =>
      context.current !== null && !stillAllowed(context.current, params.schedule, params.now, new Set(params.ready)),
    /** An override started or ended by the clock since the current play began. */
    overrideTurned: ({ context }, params: { now: number }) => context.current !== null && overrideTurned(context.current, context.schedule, params.now),
    /** The clock took the current file away while its event goes on (it expired: issue 42). */
    fileWithdrawn: ({ context }, params: { now: number }) => context.current !== null && fileWithdrawn(context.current, context.schedule, params.now),
  },
  actions: {
    present: (_, _params: { play: Play }) => {},
    prepare: (_, _params: { play: Play | null }) => {},
    setNow: assign((_, params: { now: number }) => ({ now: params.now })),
    setSchedule: assign((_, params: { schedule: DeviceSchedule | null }) => ({ schedule: params.schedule })),
    setReady: assign((_, params: { ready: number[] }) => ({ ready: params.ready })),
    startPlay: assign(({ context }) => {
      const play = decideNext(context, context.now)!;
      return { current: play, cursor: advance(context.cursor, play), plays: context.plays + 1 };
    }),
    planNext: assign(({ context }) => ({ next: decideNext(context, context.now) })),
    stopPlay: assign({ current: null, next: null }),
  },
}).createMachine({
  id: 'sequencer',
  context: { schedule: null, ready: [], now: 0, cursor: null, current: null, next: null, plays: 0 },
  initial: 'deciding',
  states: {
    deciding: { always: [{ guard: 'canPlay', target: 'playing' }, { guard: 'hasLater', target: 'waiting' }, { target: 'empty' }] },
    playing: {
      entry: [
        'startPlay',
        { type: 'present', params: ({ context }) => ({ play: context.current! }) },
        'planNext',
        { type: 'prepare', params: ({ context }) => ({ play: context.next }) },
      ],
      on: {
        'play.ended': { target: 'deciding', actions: { type: 'setNow', params: ({ event }) => ({ now: event.now }) } },
        'play.failed': { target: 'deciding', actions: { type: 'setNow', params: ({ event }) => ({ now: event.now }) } },
        'clock.tick': [
          { guard: { type: 'overrideTurned', params: ({ event }) => ({ now: event.now }) }, target: 'deciding', actions: { type: 'setNow', params: ({ event }) => ({ now: event.now }) } },
          { guard: { type: 'fileWithdrawn', params: ({ event }) => ({ now: event.now }) }, target: 'deciding', actions: { type: 'setNow', params: ({ event }) => ({ now: event.now }) } },
          { actions: { type: 'setNow', params: ({ event }) => ({ now: event.now }) } },
        ],
        'sequence.schedule': [
          {
            guard: { type: 'outlived', params: ({ context, event }) => ({ schedule: event.schedule, ready: context.ready, now: event.now }) },
            target: 'deciding',
            actions: [
              { type: 'setSchedule', params: ({ event }) => ({ schedule: event.schedule }) },
              { type: 'setNow', params: ({ event }) => ({ now: event.now }) },
            ],
          },
          {
            actions: [
              { type: 'setSchedule', params: ({ event }) => ({ schedule: event.schedule }) },
              { type: 'setNow', params: ({ event }) => ({ now: event.now }) },
              'planNext',
              { type: 'prepare', params: ({ context }) => ({ play: context.next }) },
            ],
          },
        ],
        'sequence.ready': [
          {
            guard: { type: 'outlived', params: ({ context, event }) => ({ schedule: context.schedule, ready: event.ready, now: event.now }) },
            target: 'deciding',
            actions: [
              { type: 'setReady', params: ({ event }) => ({ ready: event.ready }) },
              { type: 'setNow', params: ({ event }) => ({ now: event.now }) },
            ],
          },
          {
            actions: [
              { type: 'setReady', params: ({ event }) => ({ ready: event.ready }) },
              { type: 'setNow', params: ({ event }) => ({ now: event.now }) },
              'planNext',
              { type: 'prepare', params: ({ context }) => ({ play: context.next }) },
            ],
          },
        ],
      },
    },
    waiting: { tags: ['idle'], entry: 'stopPlay', on: idleEvents() },
    empty: { tags: ['idle'], entry: 'stopPlay', on: idleEvents() },
  },
});

function idleEvents() {
  return {
    'clock.tick': { target: 'deciding', actions: { type: 'setNow', params: ({ event }: { event: { now: number } }) => ({ now: event.now }) } },
    'sequence.schedule': {
      target: 'deciding',
      actions: [
        { type: 'setSchedule', params: ({ event }: { event: { schedule: DeviceSchedule | null } }) => ({ schedule: event.schedule }) },
        { type: 'setNow', params: ({ event }: { event: { now: number } }) => ({ now: event.now }) },
      ],
    },
    'sequence.ready': {
      target: 'deciding',
      actions: [
        { type: 'setReady', params: ({ event }: { event: { ready: number[] } }) => ({ ready: event.ready }) },
        { type: 'setNow', params: ({ event }: { event: { now: number } }) => ({ now: event.now }) },
      ],
    },
  } as const;
}

/** The heartbeat's schedule_state for a sequencer state. */
export function playbackState(value: unknown): ScheduleState {
  return value === 'playing' ? 'playing' : value === 'waiting' ? 'waiting' : 'not_found';
}
