import { assign, fromPromise, setup, type ActorRefFrom } from 'xstate';
import { errorCodeOf } from '../fetchStatus.machine.ts';
import { downloadCampaignReport } from '../../services/campaigns/campaigns.service.ts';
import { MAX_REPORT_DAYS, periodDays } from '../../services/schemas/campaigns.ts';

export interface ReportContext {
  campaignId: number;
  from: string;
  to: string;
  lang: string;
  /** i18n key of a period the report cannot take, or null. */
  periodError: string | null;
  /** Code of the last failed build, or null. */
  error: string | null;
}

export type ReportEvent = { type: 'period.change'; from?: string; to?: string } | { type: 'report.build' } | { type: 'report.cancel' };

/** The i18n key of what is wrong with a period, or null when the report can take it. */
export function periodError(from: string, to: string): string | null {
  if (!from || !to) return 'campaigns:report.periodRequired';
  const days = periodDays(from, to);
  if (Number.isNaN(days)) return 'campaigns:report.periodRequired';
  if (days < 1) return 'campaigns:report.periodOrder';
  if (days > MAX_REPORT_DAYS) return 'campaigns:report.periodTooLong';
  return null;
}

/** The report download: pick a period, build (progress while the server builds the xlsx), save it, or fail with a retry. */
export const campaignReportMachine = setup({
  types: {
    context: {} as ReportContext,
    events: {} as ReportEvent,
    input: {} as { campaignId: number; from: string; to: string; lang: string },
  },
  actors: {
    buildReport: fromPromise<Blob, { campaignId: number; from: string; to: string; lang: string }>(({ input }) => downloadCampaignReport(input.campaignId, input)),
  },
  guards: {
    validPeriod: ({ context }) => periodError(context.from, context.to) === null,
  },
  actions: {
    setPeriod: assign(({ context }, params: { from?: string; to?: string }) => ({ from: params.from ?? context.from, to: params.to ?? context.to, periodError: null })),
    showPeriodError: assign(({ context }) => ({ periodError: periodError(context.from, context.to) })),
    setError: assign((_, params: { error: unknown }) => ({ error: errorCodeOf(params.error) })),
    clearError: assign({ error: null }),
    /** Provided by the view: hand the file to the browser. */
    saveFile: (_, _params: { blob: Blob; from: string; to: string }) => {},
    /** Provided by the view: the dialog is done. */
    closed: () => {},
  },
}).createMachine({
  id: 'campaignReport',
  context: ({ input }) => ({ ...input, periodError: null, error: null }),
  initial: 'choosing',
  states: {
    choosing: {
      on: {
        'period.change': { actions: { type: 'setPeriod', params: ({ event }) => ({ from: event.from, to: event.to }) } },
        'report.build': [{ guard: 'validPeriod', target: 'building' }, { actions: 'showPeriodError' }],
        'report.cancel': 'closed',
      },
    },
    building: {
      tags: ['busy'],
      entry: 'clearError',
      invoke: {
        id: 'buildReport',
        src: 'buildReport',
        input: ({ context }) => ({ campaignId: context.campaignId, from: context.from, to: context.to, lang: context.lang }),
        onDone: { target: 'done', actions: { type: 'saveFile', params: ({ context, event }) => ({ blob: event.output, from: context.from, to: context.to }) } },
        onError: { target: 'failed', actions: { type: 'setError', params: ({ event }) => ({ error: event.error }) } },
      },
    },
    failed: {
      on: {
        'period.change': { target: 'choosing', actions: { type: 'setPeriod', params: ({ event }) => ({ from: event.from, to: event.to }) } },
        // The period was valid when the build started, and changing it leaves this state: retry as it is.
        'report.build': 'building',
        'report.cancel': 'closed',
      },
    },
    done: { type: 'final', entry: 'closed' },
    closed: { type: 'final', entry: 'closed' },
  },
});

export type CampaignReportActor = ActorRefFrom<typeof campaignReportMachine>;
