import { assign, fromPromise, setup, type ActorRefFrom } from 'xstate';
import { errorCodeOf } from '../fetchStatus.machine.ts';
import { getCampaign } from '../../services/campaigns/campaigns.service.ts';
import { DEFAULT_PERIOD_HOURS, getStatistics, statisticsProblems, type StatisticsAnswer, type StatisticsParams } from '../../services/statistics.ts';
import { statisticsWorkbook, type StatisticsSheetWords } from '../../services/statisticsSheet.ts';

/** The campaign the form names: its id and name (the picker searches GET /campaigns/ on the server itself). */
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
  /**
   * The name of the draft's campaign, for the picker's text: from the pick, from GET /campaigns/{id} for a campaign named
   * by the address (it may lie beyond any first page of the list), or from the statistics answered; null when unknown.
   */
  campaignName: string | null;
  /** Whether the name of the address's campaign is still being read. */
  namePending: boolean;
}

export type StatisticsQueryEvent =
  /** The date or the period edited (the campaign comes with its name: `statistics.pick`). */
  | { type: 'statistics.change'; draft: Partial<Omit<StatisticsDraft, 'campaign'>> }
  /** The picker chose a campaign (or its text no longer names one: null). */
  | { type: 'statistics.pick'; campaign: CampaignOption | null }
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
 * updating, complete, error with a retry), the xlsx of what is shown, and the name of the campaign picked or named by the
 * address (read by id when the address names it).
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
    /** The campaign of the address by id (null when the address names none). */
    loadCampaignName: fromPromise<CampaignOption | null, number | null>(async ({ input }) => {
      if (input === null) return null;
      const { id, name } = await getCampaign(input);
      return { id, name };
    }),
    exportStatistics: fromPromise<Blob, { data: StatisticsAnswer; words: StatisticsSheetWords }>(({ input }) => statisticsWorkbook(input.data, input.words)),
  },
  guards: {
    draftValid: ({ context }) => Object.keys(statisticsProblems(context.draft)).length === 0,
    hasData: ({ context }) => context.data !== null,
  },
  actions: {
    changeDraft: assign(({ context }, params: { draft: Partial<Omit<StatisticsDraft, 'campaign'>> }) => ({
      draft: { ...context.draft, ...params.draft },
      // A field the user edits no longer shows its old problem.
      problems: Object.fromEntries(Object.entries(context.problems).filter(([field]) => !(field in params.draft))),
    })),
    acceptDraft: assign(({ context }) => ({
      params: { campaign: context.draft.campaign!, date: context.draft.date, period: context.draft.period },
      problems: {},
    })),
    setProblems: assign(({ context }) => ({ problems: statisticsProblems(context.draft) })),
    pickCampaign: assign(({ context }, params: { campaign: CampaignOption | null }) => ({
      draft: { ...context.draft, campaign: params.campaign?.id ?? null },
      campaignName: params.campaign?.name ?? null,
      problems: Object.fromEntries(Object.entries(context.problems).filter(([field]) => field !== 'campaign')),
    })),
    /** A name read for the campaign the draft still names (the user may have picked another meanwhile). */
    setCampaignName: assign(({ context }, params: { campaign: CampaignOption | null }) =>
      params.campaign && params.campaign.id === context.draft.campaign ? { campaignName: params.campaign.name, namePending: false } : { namePending: false },
    ),
    setData: assign(({ context }, params: { data: StatisticsAnswer }) => ({
      data: params.data,
      error: null,
      // The answer names its campaign too (for a user who may read statistics but not the campaigns list).
      campaignName: context.campaignName ?? (context.draft.campaign === params.data.campaign.id ? params.data.campaign.name : null),
    })),
    setError: assign((_, params: { error: unknown }) => ({ error: errorCodeOf(params.error) })),
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
    campaignName: null,
    namePending: input.campaign != null,
  }),
  // The name of the campaign the address names, read once by id (it may lie beyond any first page of the list).
  invoke: {
    id: 'loadCampaignName',
    src: 'loadCampaignName',
    input: ({ context }) => context.draft.campaign,
    onDone: { actions: { type: 'setCampaignName', params: ({ event }) => ({ campaign: event.output }) } },
    // Deleted, out of scope or not readable by this user: the statistics' own answer says what is wrong.
    onError: { actions: { type: 'setCampaignName', params: { campaign: null } } },
  },
  on: {
    'statistics.change': { actions: { type: 'changeDraft', params: ({ event }) => ({ draft: event.draft }) } },
    'statistics.pick': { actions: { type: 'pickCampaign', params: ({ event }) => ({ campaign: event.campaign }) } },
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
