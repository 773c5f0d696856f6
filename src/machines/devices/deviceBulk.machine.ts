import { assign, fromPromise, setup, type ActorRefFrom } from 'xstate';
import { errorCodeOf } from '../fetchStatus.machine.ts';
import type { DeviceFilters } from '../../services/devices.service.ts';
import type { BulkAction, Job } from '../../services/deviceJobs.service.ts';
import type { WriteOutcome } from '../../services/writeOutcome.ts';
import { bulkProblems, bulkRequest, jobOver, type BulkTargetKind } from './deviceBulk.selectors.ts';

/** While a job runs the page asks for its progress this often. */
export const BULK_POLL_MS = 1000;

export interface DeviceBulkContext {
  /** The devices ticked on the list (any page), in the order ticked. */
  picked: number[];
  /** The list's filters when the dialog opened ("all matching the filter"), and how many devices they matched. */
  filters: DeviceFilters;
  matching: number;
  target: BulkTargetKind;
  group: number | null;
  action: BulkAction;
  /** The tags field as typed (comma-separated). */
  tags: string;
  office: number | null;
  campaign: number | null;
  /** Field -> code of what keeps the action from starting: the form's checks, then the server's refusal. */
  problems: Record<string, string>;
  job: Job | null;
  /** Code of the last failure to start or to read the job (network, rights), or null. */
  error: string | null;
}

export type DeviceBulkEvent =
  | { type: 'selection.toggle'; id: number }
  | { type: 'selection.page'; ids: number[]; on: boolean }
  | { type: 'selection.clear' }
  | { type: 'bulk.open'; filters: DeviceFilters; matching: number }
  | { type: 'bulk.target'; target: BulkTargetKind }
  | { type: 'bulk.group'; group: number }
  | { type: 'bulk.action'; action: BulkAction }
  | { type: 'bulk.tags'; text: string }
  | { type: 'bulk.office'; office: number }
  | { type: 'bulk.campaign'; campaign: number }
  | { type: 'bulk.submit' }
  | { type: 'bulk.close' }
  | { type: 'bulk.cancel' }
  | { type: 'bulk.dismiss' };

/**
 * Bulk actions on /devices (issue 41): devices are ticked on the list; the dialog chooses them (ticked, all matching the
 * filter, a smart group) and the action, starts the job on the server and follows its progress every BULK_POLL_MS
 * until it is over, then lists its failures. On opening, the page looks for the user's job still running and follows
 * it again (a reload loses nothing). Provide `findActiveJob`, `startJob`, `readJob`, `cancelJob` and the `jobEnded` action.
 */
export const deviceBulkMachine = setup({
  types: { context: {} as DeviceBulkContext, events: {} as DeviceBulkEvent },
  actors: {
    findActiveJob: fromPromise<Job | null, void>(async () => null),
    startJob: fromPromise<WriteOutcome<Job>, { request: ReturnType<typeof bulkRequest> }>(() => Promise.reject(new Error('startJob not provided'))),
    readJob: fromPromise<Job, { id: number }>(() => Promise.reject(new Error('readJob not provided'))),
    cancelJob: fromPromise<Job, { id: number }>(() => Promise.reject(new Error('cancelJob not provided'))),
  },
  delays: { poll: BULK_POLL_MS },
  guards: {
    hasJob: (_, params: { job: Job | null }) => params.job !== null,
    over: (_, params: { job: Job }) => jobOver(params.job),
    choiceHasProblems: ({ context }) => Object.keys(bulkProblems(context)).length > 0,
    accepted: (_, params: { outcome: WriteOutcome<Job> }) => params.outcome.ok,
  },
  actions: {
    toggle: assign(({ context }, params: { id: number }) => ({
      picked: context.picked.includes(params.id) ? context.picked.filter((id) => id !== params.id) : [...context.picked, params.id],
    })),
    pickPage: assign(({ context }, params: { ids: number[]; on: boolean }) => ({
      picked: params.on ? [...context.picked, ...params.ids.filter((id) => !context.picked.includes(id))] : context.picked.filter((id) => !params.ids.includes(id)),
    })),
    clearPicked: assign({ picked: [] }),
    open: assign(({ context }, params: { filters: DeviceFilters; matching: number }) => ({
      filters: params.filters,
      matching: params.matching,
      target: (context.picked.length ? 'picked' : 'filter') as BulkTargetKind,
      problems: {},
      error: null,
    })),
    setTarget: assign((_, params: { target: BulkTargetKind }) => ({ target: params.target, problems: {} })),
    setGroup: assign((_, params: { group: number }) => ({ group: params.group, problems: {} })),
    setAction: assign((_, params: { action: BulkAction }) => ({ action: params.action, problems: {} })),
    setTags: assign((_, params: { text: string }) => ({ tags: params.text, problems: {} })),
    setOffice: assign((_, params: { office: number }) => ({ office: params.office, problems: {} })),
    setCampaign: assign((_, params: { campaign: number }) => ({ campaign: params.campaign, problems: {} })),
    showProblems: assign(({ context }) => ({ problems: bulkProblems(context) })),
    showRefusal: assign((_, params: { outcome: WriteOutcome<Job> }) => ({
      problems: params.outcome.ok ? {} : Object.keys(params.outcome.fields).length ? params.outcome.fields : { form: params.outcome.code },
    })),
    setJob: assign((_, params: { job: Job }) => ({ job: params.job, error: null })),
    setStarted: assign((_, params: { outcome: WriteOutcome<Job> }) => (params.outcome.ok ? { job: params.outcome.value, error: null, problems: {} } : {})),
    setError: assign((_, params: { error: unknown }) => ({ error: errorCodeOf(params.error) })),
    finish: assign({ job: null, picked: [], tags: '', problems: {}, error: null }),
    jobEnded: () => {},
  },
}).createMachine({
  id: 'deviceBulk',
  context: { picked: [], filters: {}, matching: 0, target: 'picked', group: null, action: 'add_tags', tags: '', office: null, campaign: null, problems: {}, job: null, error: null },
  initial: 'resuming',
  states: {
    /** The page opened: a job of the user's still running is followed again. */
    resuming: {
      invoke: {
        id: 'findActiveJob',
        src: 'findActiveJob',
        onDone: [
          { guard: { type: 'hasJob', params: ({ event }) => ({ job: event.output }) }, target: 'running', actions: { type: 'setJob', params: ({ event }) => ({ job: event.output! }) } },
          { target: 'idle' },
        ],
        // Not knowing of a running job only costs its progress on this page: the list works as before.
        onError: { target: 'idle' },
      },
    },
    idle: {
      on: {
        'selection.toggle': { actions: { type: 'toggle', params: ({ event }) => ({ id: event.id }) } },
        'selection.page': { actions: { type: 'pickPage', params: ({ event }) => ({ ids: event.ids, on: event.on }) } },
        'selection.clear': { actions: 'clearPicked' },
        'bulk.open': { target: 'composing', actions: { type: 'open', params: ({ event }) => ({ filters: event.filters, matching: event.matching }) } },
      },
    },
    /** The dialog: which devices, which action, what it needs. */
    composing: {
      tags: ['dialog'],
      on: {
        'bulk.target': { actions: { type: 'setTarget', params: ({ event }) => ({ target: event.target }) } },
        'bulk.group': { actions: { type: 'setGroup', params: ({ event }) => ({ group: event.group }) } },
        'bulk.action': { actions: { type: 'setAction', params: ({ event }) => ({ action: event.action }) } },
        'bulk.tags': { actions: { type: 'setTags', params: ({ event }) => ({ text: event.text }) } },
        'bulk.office': { actions: { type: 'setOffice', params: ({ event }) => ({ office: event.office }) } },
        'bulk.campaign': { actions: { type: 'setCampaign', params: ({ event }) => ({ campaign: event.campaign }) } },
        'bulk.submit': [{ guard: 'choiceHasProblems', actions: 'showProblems' }, { target: 'submitting' }],
        'bulk.close': { target: 'idle' },
      },
    },
    submitting: {
      tags: ['dialog', 'busy'],
      invoke: {
        id: 'startJob',
        src: 'startJob',
        input: ({ context }) => ({ request: bulkRequest(context) }),
        onDone: [
          { guard: { type: 'accepted', params: ({ event }) => ({ outcome: event.output }) }, target: 'running', actions: { type: 'setStarted', params: ({ event }) => ({ outcome: event.output }) } },
          { target: 'composing', actions: { type: 'showRefusal', params: ({ event }) => ({ outcome: event.output }) } },
        ],
        onError: { target: 'composing', actions: { type: 'setError', params: ({ event }) => ({ error: event.error }) } },
      },
    },
    /** The job runs on the server: its progress is asked for until it is over. */
    running: {
      tags: ['dialog', 'running'],
      initial: 'resting',
      on: { 'bulk.cancel': { target: 'cancelling' } },
      states: {
        resting: { after: { poll: 'polling' } },
        polling: {
          invoke: {
            id: 'readJob',
            src: 'readJob',
            input: ({ context }) => ({ id: context.job!.id }),
            onDone: [
              { guard: { type: 'over', params: ({ event }) => ({ job: event.output }) }, target: '#deviceBulk.finished', actions: { type: 'setJob', params: ({ event }) => ({ job: event.output }) } },
              { target: 'resting', actions: { type: 'setJob', params: ({ event }) => ({ job: event.output }) } },
            ],
            // The job goes on on the server whatever this page hears: it asks again at the next tick.
            onError: { target: 'resting', actions: { type: 'setError', params: ({ event }) => ({ error: event.error }) } },
          },
        },
      },
    },
    cancelling: {
      tags: ['dialog', 'running', 'busy'],
      invoke: {
        id: 'cancelJob',
        src: 'cancelJob',
        input: ({ context }) => ({ id: context.job!.id }),
        onDone: [
          { guard: { type: 'over', params: ({ event }) => ({ job: event.output }) }, target: 'finished', actions: { type: 'setJob', params: ({ event }) => ({ job: event.output }) } },
          { target: 'running', actions: { type: 'setJob', params: ({ event }) => ({ job: event.output }) } },
        ],
        onError: { target: 'running', actions: { type: 'setError', params: ({ event }) => ({ error: event.error }) } },
      },
    },
    /** Over: what was done, and which devices failed and why. */
    finished: {
      tags: ['dialog'],
      entry: 'jobEnded',
      on: { 'bulk.dismiss': { target: 'idle', actions: 'finish' } },
    },
  },
});

export type DeviceBulkActor = ActorRefFrom<typeof deviceBulkMachine>;
