import { assign, fromPromise, setup, type ActorRefFrom } from 'xstate';
import { errorCodeOf } from '../fetchStatus.machine.ts';
import type { QueuedCommand } from '../../services/schemas/devices.ts';
import type { DeviceScreenshot, DeviceScreenshotList } from '../../services/schemas/screenshots.ts';

/** While a screenshot is awaited the card asks for the kept ones this often. */
export const SCREENSHOT_POLL_MS = 2000;
/** How long the card waits for the screen's answer before saying it did not answer. */
export const SCREENSHOT_ANSWER_MS = 30_000;

export interface DeviceScreenshotContext {
  device: number;
  /** The kept screenshots, newest first. */
  shots: DeviceScreenshot[];
  /** The SCREENSHOT command queued last, whose answer is awaited. */
  command: number | null;
  /** Code of the last failure (load or request), or null. */
  error: string | null;
}

export type DeviceScreenshotEvent = { type: 'screenshot.take' } | { type: 'screenshot.retry' };

/**
 * The device card's screenshot (issue 25): the latest kept screenshot; "Take screenshot" queues a SCREENSHOT command and
 * then asks for the kept screenshots every SCREENSHOT_POLL_MS until one answers that command, or says after
 * SCREENSHOT_ANSWER_MS that the screen did not answer.
 */
export const deviceScreenshotMachine = setup({
  types: { context: {} as DeviceScreenshotContext, events: {} as DeviceScreenshotEvent, input: {} as { device: number } },
  actors: {
    loadScreenshots: fromPromise<DeviceScreenshotList, { device: number }>(async () => ({ results: [] })),
    requestScreenshot: fromPromise<QueuedCommand, { device: number }>(async () => {
      throw new Error('requestScreenshot not provided');
    }),
  },
  delays: { poll: SCREENSHOT_POLL_MS, answerTimeout: SCREENSHOT_ANSWER_MS },
  guards: {
    answered: ({ context }, params: { list: DeviceScreenshotList }) => params.list.results.some((shot) => shot.command !== null && shot.command === context.command),
  },
  actions: {
    setShots: assign((_, params: { list: DeviceScreenshotList }) => ({ shots: params.list.results, error: null })),
    setCommand: assign((_, params: { queued: QueuedCommand }) => ({ command: params.queued.id, error: null })),
    setError: assign((_, params: { error: unknown }) => ({ error: errorCodeOf(params.error) })),
    clearError: assign({ error: null }),
  },
}).createMachine({
  id: 'deviceScreenshot',
  context: ({ input }) => ({ device: input.device, shots: [], command: null, error: null }),
  initial: 'loading',
  states: {
    loading: {
      tags: ['loading'],
      invoke: {
        id: 'loadScreenshots',
        src: 'loadScreenshots',
        input: ({ context }) => ({ device: context.device }),
        onDone: { target: 'ready', actions: { type: 'setShots', params: ({ event }) => ({ list: event.output }) } },
        onError: { target: 'failed', actions: { type: 'setError', params: ({ event }) => ({ error: event.error }) } },
      },
    },
    failed: {
      on: { 'screenshot.retry': 'loading' },
    },
    ready: {
      on: { 'screenshot.take': { target: 'requesting', actions: 'clearError' } },
    },
    requesting: {
      tags: ['busy'],
      invoke: {
        id: 'requestScreenshot',
        src: 'requestScreenshot',
        input: ({ context }) => ({ device: context.device }),
        onDone: { target: 'waiting', actions: { type: 'setCommand', params: ({ event }) => ({ queued: event.output }) } },
        onError: { target: 'ready', actions: { type: 'setError', params: ({ event }) => ({ error: event.error }) } },
      },
    },
    /** The command is queued: the screen answers through the channel (or its next heartbeat). */
    waiting: {
      tags: ['busy'],
      initial: 'resting',
      after: { answerTimeout: 'unanswered' },
      states: {
        resting: {
          after: { poll: 'polling' },
        },
        polling: {
          invoke: {
            id: 'pollScreenshots',
            src: 'loadScreenshots',
            input: ({ context }) => ({ device: context.device }),
            onDone: [
              {
                guard: { type: 'answered', params: ({ event }) => ({ list: event.output }) },
                target: '#deviceScreenshot.ready',
                actions: { type: 'setShots', params: ({ event }) => ({ list: event.output }) },
              },
              { target: 'resting' },
            ],
            // A failed poll is tried again at the next tick; the timeout still ends the wait.
            onError: { target: 'resting' },
          },
        },
      },
    },
    /** The screen did not answer in time (offline, an old player, no channel and a long heartbeat): it may be asked again. */
    unanswered: {
      on: { 'screenshot.take': { target: 'requesting', actions: 'clearError' } },
    },
  },
});

export type DeviceScreenshotActor = ActorRefFrom<typeof deviceScreenshotMachine>;
