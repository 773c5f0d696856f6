import { assign, fromPromise, setup } from 'xstate';
import { errorCodeOf } from '../fetchStatus.machine.ts';
import {
  deleteEvent,
  loadSchedule,
  publishCampaign,
  previewPublish,
  moveEvent,
  type Preflight,
  type EventQuery,
  type PublishOutcome,
  type PublishWarning,
  type Schedule,
  type SchedulerEvent,
  type UncommittedContent,
  uncommittedOf,
} from '../../services/scheduler.ts';
import type { WriteOutcome } from '../../services/writeOutcome.ts';
import { changeSeries, type SeriesChange } from './series.ts';

export interface SchedulerContext {
  /** The campaign shown (null: every campaign) and the calendar's visible range. */
  query: EventQuery;
  events: SchedulerEvent[];
  /** The campaign has unpublished events, maybe outside the visible range (from the last load). */
  campaignUnpublished: boolean;
  /** The playlists and layouts the last publish was refused for ("Uncommited playlists found!", `uncommitted_layouts`). */
  uncommitted: UncommittedContent[];
  /** What the last publish said some screens cannot play yet or at all (issue 24); shown until dismissed or a change. */
  warnings: PublishWarning[];
  /**
   * Before a publish (issue 35): what it would leave unplayable, shown for the operator to confirm; `failed` when the
   * check could not be made (the operator may publish all the same). Null outside the confirmation.
   */
  preflight: { warnings: PublishWarning[]; failed: boolean } | null;
  error: string | null;
}

export type SchedulerNotice =
  | 'messages.published'
  | 'messages.publishedWithWarnings'
  | 'messages.uncommitted'
  | 'messages.uncommittedLayouts'
  | 'messages.publishError'
  | 'messages.saveError'
  | 'messages.removed'
  | 'messages.removeError'
  | 'messages.seriesRefused';

export type SchedulerEventType =
  | { type: 'range.change'; start: string; end: string }
  | { type: 'campaign.filter'; campaign: number | null }
  | { type: 'schedule.retry' }
  /** The event form saved an event (created or edited). */
  | { type: 'event.saved'; event: SchedulerEvent }
  /** An event dragged or resized on the calendar: the whole event with its new dates and times. */
  | { type: 'event.move'; event: SchedulerEvent }
  /** An occurrence of a weekly repeat dragged or resized: the whole series changes (see series.ts). */
  | { type: 'event.shift'; event: SchedulerEvent; change: SeriesChange }
  | { type: 'event.delete'; id: number }
  | { type: 'publish.start' }
  /** Publish after the check's warnings were shown. */
  | { type: 'publish.confirm' }
  /** Do not publish after the check's warnings. */
  | { type: 'publish.cancel' }
  | { type: 'publish.dismiss' }
  /** Close the message of the last publish's warnings. */
  | { type: 'warnings.dismiss' };

/** The event a move writes: the dragged one-off event, or the whole series after the change of one occurrence. */
function movedEvent(event: Extract<SchedulerEventType, { type: 'event.move' | 'event.shift' }>): SchedulerEvent {
  return event.type === 'event.move' ? event.event : (changeSeries(event.event, event.change) ?? event.event);
}

/**
 * The campaign calendar (issue 11): loading -> ready | failed. Ready is published or unpublished (the leave guard's
 * tag `unpublished`); any change of an event makes the campaign unpublished until Publish, which the server refuses
 * while an event uses an uncommitted playlist (`uncommitted`). Moves, resizes and deletes are written at once
 * (`moving`, `deleting`); a failed move puts the event back. Dragging or resizing an occurrence of a weekly repeat
 * moves or stretches the whole series (`event.shift`, series.ts); a change no repeat can express is refused at once.
 * A publish the server accepts may warn that some screens cannot play a file yet (a render on its way) or at all
 * (`warnings`, issue 24): they stay in context, shown while published, until dismissed, a reload or a change.
 * Before publishing, the server is asked what the publish would leave unplayable (`checking`, issue 35): warnings wait
 * for the operator's confirmation (`confirming`: "Publish anyway" / "Cancel"), none publishes at once. A check that fails
 * (network, timeout, 5xx) must not block the operator: it waits in `confirming` too, the dialog saying the check could
 * not be made (the publish's own answer still names what cannot play). A check naming uncommitted playlists publishes
 * at once: the server refuses it and says which (`uncommitted`), as before.
 * The view provides `notify` (scheduler-namespace keys).
 */
export const schedulerMachine = setup({
  types: {
    context: {} as SchedulerContext,
    events: {} as SchedulerEventType,
    input: {} as { query: EventQuery },
  },
  actors: {
    loadSchedule: fromPromise<Schedule, EventQuery>(({ input }) => loadSchedule(input)),
    saveMove: fromPromise<WriteOutcome<SchedulerEvent>, { event: SchedulerEvent }>(({ input: { event } }) =>
      moveEvent(event.id, {
        start_date: event.start_date,
        start_time: event.start_time,
        end_date: event.end_date,
        end_time: event.end_time,
        all_day: event.all_day,
        ...(event.repeat ? { weekdays: event.weekdays } : {}),
      }),
    ),
    deleteEvent: fromPromise<{ id: number }, { id: number }>(async ({ input }) => {
      await deleteEvent(input.id);
      return { id: input.id };
    }),
    publish: fromPromise<PublishOutcome, { campaign: number }>(({ input }) => publishCampaign(input.campaign)),
    preflight: fromPromise<Preflight, { campaign: number }>(({ input }) => previewPublish(input.campaign)),
  },
  guards: {
    scheduleUnpublished: (_, params: { schedule: Schedule }) => params.schedule.unpublished,
    anyUnpublished: ({ context }) => context.campaignUnpublished || context.events.some((event) => !event.published),
    hasCampaign: ({ context }) => context.query.campaign !== null,
    seriesChanges: (_, params: { event: SchedulerEvent; change: SeriesChange }) => changeSeries(params.event, params.change) !== null,
    accepted: (_, params: { outcome: WriteOutcome<SchedulerEvent> | PublishOutcome }) => params.outcome.ok,
    acceptedWithWarnings: (_, params: { outcome: PublishOutcome }) => params.outcome.ok && params.outcome.result.warnings.length > 0,
    /** Something would not play, and the publish would not be refused for uncommitted playlists (that says so itself). */
    needsConfirmation: (_, params: { preflight: Preflight }) =>
      params.preflight.warnings.length > 0 && !params.preflight.uncommitted?.length && !params.preflight.uncommitted_layouts?.length,
  },
  actions: {
    setRange: assign(({ context }, params: { start: string; end: string }) => ({ query: { ...context.query, start: params.start, end: params.end } })),
    setCampaign: assign(({ context }, params: { campaign: number | null }) => ({ query: { ...context.query, campaign: params.campaign } })),
    setSchedule: assign((_, params: { schedule: Schedule }) => ({
      events: params.schedule.events,
      campaignUnpublished: params.schedule.unpublished,
      uncommitted: [],
      warnings: [],
      error: null,
    })),
    setError: assign((_, params: { error: unknown }) => ({ error: errorCodeOf(params.error) })),
    upsertEvent: assign(({ context }, params: { event: SchedulerEvent }) => {
      const known = context.events.some((event) => event.id === params.event.id);
      const changed = { ...params.event, published: false };
      return {
        events: known ? context.events.map((event) => (event.id === changed.id ? changed : event)) : [...context.events, changed],
        campaignUnpublished: true,
        warnings: [],
      };
    }),
    /** A new array of the same events: the calendar draws them again where they were. */
    restoreEvents: assign(({ context }) => ({ events: [...context.events] })),
    removeEvent: assign(({ context }, params: { id: number }) => ({
      events: context.events.filter((event) => event.id !== params.id),
      campaignUnpublished: true,
      warnings: [],
    })),
    markPublished: assign(({ context }, params: { outcome: PublishOutcome }) => ({
      events: context.events.map((event) => ({ ...event, published: true })),
      campaignUnpublished: false,
      uncommitted: [],
      warnings: params.outcome.ok ? params.outcome.result.warnings : [],
    })),
    clearWarnings: assign({ warnings: [] }),
    setPreflight: assign((_, params: { preflight: Preflight }) => ({ preflight: { warnings: params.preflight.warnings, failed: false } })),
    setPreflightFailed: assign({ preflight: { warnings: [], failed: true } }),
    clearPreflight: assign({ preflight: null }),
    setUncommitted: assign((_, params: { outcome: PublishOutcome }) => ({ uncommitted: params.outcome.ok ? [] : uncommittedOf(params.outcome) })),
    clearUncommitted: assign({ uncommitted: [] }),
    notify: (_, _params: { key: SchedulerNotice; intent: 'success' | 'error' | 'warning' }) => {},
  },
}).createMachine({
  id: 'scheduler',
  context: ({ input }) => ({ query: input.query, events: [], campaignUnpublished: false, uncommitted: [], warnings: [], preflight: null, error: null }),
  initial: 'loading',
  states: {
    loading: {
      tags: ['loading'],
      invoke: {
        id: 'loadSchedule',
        src: 'loadSchedule',
        input: ({ context }) => context.query,
        onDone: [
          {
            guard: { type: 'scheduleUnpublished', params: ({ event }) => ({ schedule: event.output }) },
            target: 'ready.unpublished',
            actions: { type: 'setSchedule', params: ({ event }) => ({ schedule: event.output }) },
          },
          { target: 'ready.published', actions: { type: 'setSchedule', params: ({ event }) => ({ schedule: event.output }) } },
        ],
        onError: { target: 'failed', actions: { type: 'setError', params: ({ event }) => ({ error: event.error }) } },
      },
      on: {
        'range.change': { target: 'loading', reenter: true, actions: { type: 'setRange', params: ({ event }) => ({ start: event.start, end: event.end }) } },
        'campaign.filter': { target: 'loading', reenter: true, actions: { type: 'setCampaign', params: ({ event }) => ({ campaign: event.campaign }) } },
      },
    },
    failed: {
      on: {
        'schedule.retry': 'loading',
        'range.change': { target: 'loading', actions: { type: 'setRange', params: ({ event }) => ({ start: event.start, end: event.end }) } },
        'campaign.filter': { target: 'loading', actions: { type: 'setCampaign', params: ({ event }) => ({ campaign: event.campaign }) } },
      },
    },
    ready: {
      initial: 'deciding',
      on: {
        'range.change': { target: 'loading', actions: { type: 'setRange', params: ({ event }) => ({ start: event.start, end: event.end }) } },
        'campaign.filter': { target: 'loading', actions: { type: 'setCampaign', params: ({ event }) => ({ campaign: event.campaign }) } },
        'event.saved': { target: '.unpublished', actions: { type: 'upsertEvent', params: ({ event }) => ({ event: event.event }) } },
        'event.move': '.moving',
        'event.shift': [
          { guard: { type: 'seriesChanges', params: ({ event }) => ({ event: event.event, change: event.change }) }, target: '.moving' },
          { target: '.deciding', actions: ['restoreEvents', { type: 'notify', params: { key: 'messages.seriesRefused', intent: 'warning' } }] },
        ],
        'event.delete': '.deleting',
      },
      states: {
        published: {
          on: { 'warnings.dismiss': { actions: 'clearWarnings' } },
        },
        unpublished: {
          tags: ['unpublished'],
          on: { 'publish.start': { guard: 'hasCampaign', target: 'checking' } },
        },
        uncommitted: {
          tags: ['unpublished'],
          on: {
            'publish.start': { guard: 'hasCampaign', target: 'checking' },
            'publish.dismiss': { target: 'unpublished', actions: 'clearUncommitted' },
          },
        },
        // Warnings before, not after (issue 35): what the publish would leave unplayable is asked first; nothing to say
        // publishes at once, something to say waits for the operator's confirmation.
        checking: {
          tags: ['unpublished', 'busy'],
          on: { 'range.change': {}, 'campaign.filter': {}, 'event.saved': {}, 'event.move': {}, 'event.shift': {}, 'event.delete': {} },
          invoke: {
            id: 'preflight',
            src: 'preflight',
            input: ({ context }) => ({ campaign: context.query.campaign as number }),
            onDone: [
              {
                guard: { type: 'needsConfirmation', params: ({ event }) => ({ preflight: event.output }) },
                target: 'confirming',
                actions: { type: 'setPreflight', params: ({ event }) => ({ preflight: event.output }) },
              },
              { target: 'publishing' },
            ],
            onError: { target: 'confirming', actions: 'setPreflightFailed' },
          },
        },
        // The confirmation dialog is modal: the calendar does not change under it.
        confirming: {
          tags: ['unpublished'],
          on: {
            'range.change': {},
            'campaign.filter': {},
            'event.saved': {},
            'event.move': {},
            'event.shift': {},
            'event.delete': {},
            'publish.confirm': { target: 'publishing', actions: 'clearPreflight' },
            'publish.cancel': { target: 'unpublished', actions: 'clearPreflight' },
          },
        },
        publishing: {
          tags: ['unpublished', 'busy'],
          // The calendar is read-only while the server publishes; a change would not be in what it compiles.
          on: { 'range.change': {}, 'campaign.filter': {}, 'event.saved': {}, 'event.move': {}, 'event.shift': {}, 'event.delete': {} },
          invoke: {
            id: 'publish',
            src: 'publish',
            input: ({ context }) => ({ campaign: context.query.campaign as number }),
            onDone: [
              {
                guard: { type: 'acceptedWithWarnings', params: ({ event }) => ({ outcome: event.output }) },
                target: 'published',
                actions: [
                  { type: 'markPublished', params: ({ event }) => ({ outcome: event.output }) },
                  { type: 'notify', params: { key: 'messages.publishedWithWarnings', intent: 'warning' } },
                ],
              },
              {
                guard: { type: 'accepted', params: ({ event }) => ({ outcome: event.output }) },
                target: 'published',
                actions: [
                  { type: 'markPublished', params: ({ event }) => ({ outcome: event.output }) },
                  { type: 'notify', params: { key: 'messages.published', intent: 'success' } },
                ],
              },
              {
                target: 'uncommitted',
                actions: [
                  { type: 'setUncommitted', params: ({ event }) => ({ outcome: event.output }) },
                  {
                    type: 'notify',
                    // Layouts alone (issue 36) are not "Uncommited playlists found!".
                    params: ({ event }) => ({
                      key: event.output.ok || event.output.playlists.length ? 'messages.uncommitted' : 'messages.uncommittedLayouts',
                      intent: 'warning',
                    }),
                  },
                ],
              },
            ],
            onError: {
              target: 'unpublished',
              actions: [{ type: 'setError', params: ({ event }) => ({ error: event.error }) }, { type: 'notify', params: { key: 'messages.publishError', intent: 'error' } }],
            },
          },
        },
        moving: {
          tags: ['busy'],
          on: { 'range.change': {}, 'campaign.filter': {}, 'event.saved': {}, 'event.move': {}, 'event.shift': {}, 'event.delete': {} },
          invoke: {
            id: 'saveMove',
            src: 'saveMove',
            input: ({ event }) => ({ event: movedEvent(event as Extract<SchedulerEventType, { type: 'event.move' | 'event.shift' }>) }),
            onDone: [
              {
                guard: { type: 'accepted', params: ({ event }) => ({ outcome: event.output }) },
                target: 'unpublished',
                actions: { type: 'upsertEvent', params: ({ event }) => ({ event: (event.output as Extract<WriteOutcome<SchedulerEvent>, { ok: true }>).value }) },
              },
              { target: 'deciding', actions: ['restoreEvents', { type: 'notify', params: { key: 'messages.saveError', intent: 'error' } }] },
            ],
            onError: { target: 'deciding', actions: ['restoreEvents', { type: 'notify', params: { key: 'messages.saveError', intent: 'error' } }] },
          },
        },
        deleting: {
          tags: ['busy'],
          on: { 'range.change': {}, 'campaign.filter': {}, 'event.saved': {}, 'event.move': {}, 'event.shift': {}, 'event.delete': {} },
          invoke: {
            id: 'deleteEvent',
            src: 'deleteEvent',
            input: ({ event }) => ({ id: (event as Extract<SchedulerEventType, { type: 'event.delete' }>).id }),
            onDone: {
              target: 'unpublished',
              actions: [
                { type: 'removeEvent', params: ({ event }) => ({ id: event.output.id }) },
                { type: 'notify', params: { key: 'messages.removed', intent: 'success' } },
              ],
            },
            onError: { target: 'deciding', actions: { type: 'notify', params: { key: 'messages.removeError', intent: 'error' } } },
          },
        },
        deciding: {
          always: [{ guard: 'anyUnpublished', target: 'unpublished' }, { target: 'published' }],
        },
      },
    },
  },
});
