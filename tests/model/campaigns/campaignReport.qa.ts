import { campaignReportMachine } from '../../../src/machines/campaigns/campaignReport.machine.ts';
import { ApiRequestError } from '../../../src/services/http.ts';
import { defineQa, done, error } from '../qa/catalogue.ts';

const INPUT = { campaignId: 4, from: '2026-11-01', to: '2026-11-30', lang: 'en' };
const BUILD = 'press "Download"';
const CANCEL = 'press "Cancel"';
const LONG = 'pick 2026-01-01 as the start (a period over 366 days)';
const REVERSED = 'pick 2026-12-31 as the start (after the end)';
const GOOD = 'pick 2026-11-15 as the start';
const BUILT = 'the server sends the xlsx';
const FAILED = 'the server fails to build it';

const buildCall = (from: string) => `buildReport: ${JSON.stringify({ campaignId: 4, from, to: '2026-11-30', lang: 'en' })}`;
const PERIOD_RULE: Record<string, string | null> = { '2026-11-01': null, '2026-11-15': null, '2025-01-01': 'campaigns:report.periodTooLong', '2026-12-31': 'campaigns:report.periodOrder' };

/** The report download: a period of at most 366 days with from before to; progress while it builds; "Error generating the file, try again". */
export default defineQa({
  machine: campaignReportMachine,
  file: 'src/machines/campaigns/campaignReport.machine.ts',
  title: "A campaign's report download",
  actors: ['buildReport'],
  recorded: ['saveFile', 'closed'],
  input: INPUT,
  events: {
    [BUILD]: { type: 'report.build' },
    [CANCEL]: { type: 'report.cancel' },
    [LONG]: { type: 'period.change', from: '2025-01-01' },
    [REVERSED]: { type: 'period.change', from: '2026-12-31' },
    [GOOD]: { type: 'period.change', from: '2026-11-15' },
    [BUILT]: done('buildReport', new Blob(['xlsx'])),
    [FAILED]: error('buildReport', new ApiRequestError({ status: 500, code: 'server_error', detail: '' })),
  },
  initial: { start: { to: 'choosing', see: { building: false, periodError: null } } },
  expect: {
    choosing: {
      [BUILD]: (context) => (PERIOD_RULE[context.from] ? { to: 'choosing', see: { periodError: PERIOD_RULE[context.from] } } : { to: 'building', see: { building: true }, calls: [buildCall(context.from)] }),
      [CANCEL]: { to: 'closed', calls: ['closed'] },
      [LONG]: { to: 'choosing', see: { from: '2025-01-01', periodError: null } },
      [REVERSED]: { to: 'choosing', see: { from: '2026-12-31', periodError: null } },
      [GOOD]: { to: 'choosing', see: { from: '2026-11-15', periodError: null } },
    },
    building: {
      [BUILT]: (context) => ({ to: 'done', calls: [`saveFile: {"blob":"a 4-byte file","from":"${context.from}","to":"2026-11-30"}`, 'closed'] }),
      [FAILED]: { to: 'failed', see: { failed: true, error: 'server_error', building: false } },
    },
    failed: {
      [BUILD]: (context) => ({ to: 'building', see: { building: true }, calls: [buildCall(context.from)] }),
      [CANCEL]: { to: 'closed', calls: ['closed'] },
      [LONG]: { to: 'choosing', see: { from: '2025-01-01' } },
      [REVERSED]: { to: 'choosing', see: { from: '2026-12-31' } },
      [GOOD]: { to: 'choosing', see: { from: '2026-11-15' } },
    },
  },
  view: (snapshot) => ({
    building: snapshot.hasTag('busy'),
    failed: snapshot.matches('failed'),
    from: snapshot.context.from,
    periodError: snapshot.context.periodError,
    error: snapshot.context.error,
  }),
  key: (snapshot) => JSON.stringify([snapshot.value, snapshot.context.from, snapshot.context.periodError, snapshot.context.error]),
});
