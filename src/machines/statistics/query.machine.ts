import { assign, fromPromise, setup, type ActorRefFrom } from 'xstate';
import { errorCodeOf } from '../fetchStatus.machine.ts';
import { listCampaigns } from '../../services/campaigns/campaigns.service.ts';
import { DEFAULT_PERIOD_HOURS, getStatistics, statisticsProblems, type StatisticsAnswer, type StatisticsParams } from '../../services/statistics.ts';
import { statisticsWorkbook, type StatisticsSheetWords } from '../../services/statisticsSheet.ts';

/** A campaign the picker offers (the caller's scoped list from GET /campaigns/). */
export interface CampaignOption {
  id: number;
  name: string;
}

/** What the form holds while the user edits it: unchecked. */
export interface StatisticsDraft {
  campaign: number | null;
  /** YYYY-MM-DD, or '' / an unfinished entry. */
  date: string;
  /** Hours, 1 to 744 (NaN while the field does not hold a number). */
  period: number;
}

export interface StatisticsQueryContext {
  draft: StatisticsDraft;
  /** The parameters of the statistics shown (or being loaded): always valid. */
  params: StatisticsParams | null;
  /** Per-field problems of the last submitted draft (`required`, `out_of_range`); empty when none. */
  problems: Record<string, string>;
  data: StatisticsAnswer | null;
  /** Code of the last failed load, or null. */
  error: string | null;
  /** Code of the last failed xlsx, or null. */
  exportError: string | null;
  campaigns: CampaignOption[];
  /** Whether the campaigns' one load is still under way. */
  campaignsPending: boolean;
}

export type StatisticsQueryEvent =
  | { type: 'statistics.change'; draft: Partial<StatisticsDraft> }
  | { type: 'statistics.submit' }
  | { type: 'statistics.retry' }
  | { type: 'statistics.export'; words: StatisticsSheetWords };

export interface StatisticsQueryInput {
  /** Today in the user's calendar (YYYY-MM-DD): the date the form starts with. */
  today: string;
  /** A campaign to start with (from the address), or null. */
  campaign?: number | null;
  /** A period to start with (from the address); the default is 24 hours. */
  period?: number;
}

/**
 * The Charts tab: the parameters as a draft, checked before anything is asked ("Statistics require a date and a
 * campaign", the period 1 to 744 hours), the fetch status of the statistics (spec section 4: initial, loading,
 * updating, complete, error with a retry), the xlsx of what is shown, and the campaigns the picker offers.
 * Views provide `saveFile`.
 */
export const statisticsQueryMachine = setup({
  types: {
    context: {} as StatisticsQueryContext,
    events: {} as StatisticsQueryEvent,
    input: {} as StatisticsQueryInput,
  },
  actors: {
    loadStatistics: fromPromise<StatisticsAnswer, StatisticsParams>(({ input }) => getStatistics(input)),
    loadCampaigns: fromPromise<CampaignOption[], void>(async () =>
      (await listCampaigns({ page: 1, page_size: 500 })).results.map(({ id, name }) => ({ id, name })),
    ),
    exportStatistics: fromPromise<Blob, { data: StatisticsAnswer; words: StatisticsSheetWords }>(({ input }) => statisticsWorkbook(input.data, input.words)),
  },
  guards: {
    draftValid: ({ context }) => Object.keys(statisticsProblems(context.draft)).length === 0,
    hasData: ({ context }) => context.data !== null,
  },
  actions: {
    changeDraft: assign(({ context }, params: { draft: Partial<StatisticsDraft> }) => ({
      draft: { ...context.draft, ...params.draft },
      // A field the user edits no longer shows its old problem.
      problems: Object.fromEntries(Object.entries(context.problems).filter(([field]) => !(field in params.draft))),
    })),
    acceptDraft: assign(({ context }) => ({
      params: { campaign: context.draft.campaign!, date: context.draft.date, period: context.draft.period },
      problems: {},
    })),
    setProblems: assign(({ context }) => ({ problems: statisticsProblems(context.draft) })),
    setData: assign((_, params: { data: StatisticsAnswer }) => ({ data: params.data, error: null })),
    setError: assign((_, params: { error: unknown }) => ({ error: errorCodeOf(params.error) })),
    setCampaigns: assign((_, params: { campaigns: CampaignOption[] }) => ({ campaigns: params.campaigns, campaignsPending: false })),
    setExportError: assign((_, params: { error: unknown }) => ({ exportError: errorCodeOf(params.error) })),
    clearExportError: assign({ exportError: null }),
    /** Provided by the view: hand the file to the browser. */
    saveFile: (_, _params: { blob: Blob }) => {},
  },
}).createMachine({
  id: 'statisticsQuery',
  context: ({ input }) => ({
    draft: { campaign: input.campaign ?? null, date: input.today, period: input.period ?? DEFAULT_PERIOD_HOURS },
    params: null,
    problems: {},
    data: null,
    error: null,
    exportError: null,
    campaigns: [],
    campaignsPending: true,
  }),
  invoke: {
    id: 'loadCampaigns',
    src: 'loadCampaigns',
    onDone: { actions: { type: 'setCampaigns', params: ({ event }) => ({ campaigns: event.output }) } },
    // Without the list the picker is empty; the error state of the statistics is not the campaigns' to set.
    onError: { actions: { type: 'setCampaigns', params: { campaigns: [] } } },
  },
  on: {
    'statistics.change': { actions: { type: 'changeDraft', params: ({ event }) => ({ draft: event.draft }) } },
  },
  initial: 'initial',
  states: {
    /** Nothing asked yet. */
    initial: {
      on: { 'statistics.submit': 'checking' },
    },
    /** A submitted draft: asked for when valid; otherwise its problems show and nothing is asked. */
    checking: {
      always: [
        { guard: 'draftValid', target: 'fetching', actions: 'acceptDraft' },
        { target: 'invalid', actions: 'setProblems' },
      ],
    },
    fetching: {
      always: [{ guard: 'hasData', target: 'updating' }, { target: 'loading' }],
    },
    invalid: {
      on: { 'statistics.submit': 'checking' },
    },
    /** The first load. */
    loading: {
      tags: ['loading'],
      invoke: {
        id: 'loadStatistics',
        src: 'loadStatistics',
        input: ({ context }) => context.params!,
        onDone: { target: 'complete', actions: { type: 'setData', params: ({ event }) => ({ data: event.output }) } },
        onError: { target: 'error', actions: { type: 'setError', params: ({ event }) => ({ error: event.error }) } },
      },
      on: { 'statistics.submit': 'checking' },
    },
    /** A load with statistics already shown (they stay on screen until the new ones arrive). */
    updating: {
      tags: ['loading'],
      invoke: {
        id: 'loadStatistics',
        src: 'loadStatistics',
        input: ({ context }) => context.params!,
        onDone: { target: 'complete', actions: { type: 'setData', params: ({ event }) => ({ data: event.output }) } },
        onError: { target: 'error', actions: { type: 'setError', params: ({ event }) => ({ error: event.error }) } },
      },
      on: { 'statistics.submit': 'checking' },
    },
    complete: {
      initial: 'idle',
      on: { 'statistics.submit': 'checking', 'statistics.retry': 'updating' },
      states: {
        idle: {
          on: { 'statistics.export': 'exporting' },
        },
        exporting: {
          tags: ['exporting'],
          entry: 'clearExportError',
          invoke: {
            id: 'exportStatistics',
            src: 'exportStatistics',
            input: ({ context, event }) => ({ data: context.data!, words: (event as Extract<StatisticsQueryEvent, { type: 'statistics.export' }>).words }),
            onDone: { target: 'idle', actions: { type: 'saveFile', params: ({ event }) => ({ blob: event.output }) } },
            onError: { target: 'idle', actions: { type: 'setExportError', params: ({ event }) => ({ error: event.error }) } },
          },
        },
      },
    },
    /** "Error while getting statistics", with a retry of the same parameters. */
    error: {
      on: { 'statistics.submit': 'checking', 'statistics.retry': 'fetching' },
    },
  },
});

export type StatisticsQueryActor = ActorRefFrom<typeof statisticsQueryMachine>;
