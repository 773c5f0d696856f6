import { campaignReportMachine } from '../../../src/machines/campaigns/campaignReport.machine.ts';
import { ApiRequestError } from '../../../src/services/http.ts';
import { defineQa, done, error } from '../qa/catalogue.ts';
import { text } from '../qa/screen.ts';

const INPUT = { campaignId: 4, from: '2026-11-01', to: '2026-11-30', lang: 'en' };
const BUILD = 'press "Download"';
const CANCEL = 'press "Cancel"';
const LONG = 'pick 2026-01-01 as the start (a period over 366 days)';
const REVERSED = 'pick 2026-12-31 as the start (after the end)';
const GOOD = 'pick 2026-11-15 as the start';
const BUILT = 'the server sends the xlsx';
const FAILED = 'the server fails to build it';

const BUILDING = `a progress bar ${text('campaigns:report.building')}; the dates, ${text('common:actions.cancel')} and ${text('campaigns:report.download')} are disabled`;
const picked = (day: string) => `${text('campaigns:report.from')} reads ${day}; no message under the dates`;
const BUSY = 'the dates and buttons are disabled while the report builds';
const GONE = 'the dialog has closed';
const buildCall = (from: string) => `buildReport: ${JSON.stringify({ campaignId: 4, from, to: '2026-11-30', lang: 'en' })}`;
const PERIOD_RULE: Record<string, string | null> = { '2026-11-01': null, '2026-11-15': null, '2025-01-01': 'campaigns:report.periodTooLong', '2026-12-31': 'campaigns:report.periodOrder' };

/** The report download: a period of at most 366 days with from before to; progress while it builds; "Error generating the file, try again". */
export default defineQa({
  machine: campaignReportMachine,
  file: 'src/machines/campaigns/campaignReport.machine.ts',
  title: "A campaign's report download",
  namespace: 'campaigns',
  preconditions: {
    start: {
      route: '/campaigns',
      user: 'admin (or a user with campaigns rights)',
      data: 'campaign 4 "Winter sale"; open its actions, choose "Report" (the dialog "Report for Winter sale") and set From 2026-11-01, To 2026-11-30',
    },
  },
  howTo: {
    [BUILT]: 'wait: the server sends the file',
    [FAILED]: 'in the devtools Network tab, block the request URL /api/v1/campaigns/4/report/ before pressing "Download"',
  },
  offScreen: {
    [BUILD]: { building: BUSY, done: GONE, closed: GONE },
    [CANCEL]: { building: BUSY, done: GONE, closed: GONE },
    [LONG]: { building: BUSY, done: GONE, closed: GONE },
    [REVERSED]: { building: BUSY, done: GONE, closed: GONE },
    [GOOD]: { building: BUSY, done: GONE, closed: GONE },
  },
  onScreen: { saveFile: 'the browser saves campaign-report-<from>-2026-11-30.xlsx', closed: 'the dialog closes' },
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
      [BUILD]: (context) =>
        PERIOD_RULE[context.from]
          ? { to: 'choosing', see: { periodError: PERIOD_RULE[context.from] }, screen: [`under the dates, in red: ${text(PERIOD_RULE[context.from]!)}`] }
          : { to: 'building', see: { building: true }, calls: [buildCall(context.from)], screen: [BUILDING] },
      [CANCEL]: { to: 'closed', calls: ['closed'] },
      [LONG]: { to: 'choosing', see: { from: '2025-01-01', periodError: null }, screen: [picked('2025-01-01')] },
      [REVERSED]: { to: 'choosing', see: { from: '2026-12-31', periodError: null }, screen: [picked('2026-12-31')] },
      [GOOD]: { to: 'choosing', see: { from: '2026-11-15', periodError: null }, screen: [picked('2026-11-15')] },
    },
    building: {
      [BUILT]: (context) => ({ to: 'done', calls: [`saveFile: {"blob":"a 4-byte file","from":"${context.from}","to":"2026-11-30"}`, 'closed'] }),
      [FAILED]: { to: 'failed', see: { failed: true, error: 'server_error', building: false }, screen: [text('campaigns:report.error'), 'the dates and buttons are enabled again'] },
    },
    failed: {
      [BUILD]: (context) => ({ to: 'building', see: { building: true }, calls: [buildCall(context.from)], screen: [BUILDING] }),
      [CANCEL]: { to: 'closed', calls: ['closed'] },
      [LONG]: { to: 'choosing', see: { from: '2025-01-01' }, screen: [picked('2025-01-01')] },
      [REVERSED]: { to: 'choosing', see: { from: '2026-12-31' }, screen: [picked('2026-12-31')] },
      [GOOD]: { to: 'choosing', see: { from: '2026-11-15' }, screen: [picked('2026-11-15')] },
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
