import { statisticsQueryMachine, type StatisticsDraft } from '../../../src/machines/statistics/query.machine.ts';
import { ApiRequestError } from '../../../src/services/http.ts';
import type { StatisticsAnswer } from '../../../src/services/statistics.ts';
import { defineQa, done, error } from '../qa/catalogue.ts';
import { text } from '../qa/screen.ts';

const DATA: StatisticsAnswer = {
  campaign: { id: 3, name: 'Winter sale' },
  date: '2026-11-22',
  period: 24,
  time_zone: 'UTC',
  total: { plays: 2, seconds: 20 },
  hours: [{ hour: '2026-11-22T10:00:00Z', plays: 2, seconds: 20 }],
  devices: [{ device: 1, name: 'Lobby', plays: 2, seconds: 20 }],
  media: [{ media: 5, name: 'clip.mp4', plays: 2, seconds: 20 }],
  widgets: [],
};
const WORDS = {
  sheets: { hours: 'By hour', devices: 'By device', media: 'By media' },
  columns: { hour: 'Hour', device: 'Device', media: 'Media', plays: 'Plays', seconds: 'Seconds played' },
  hourFormat: 'dd.mm.yyyy hh:mm',
};

const NAMED = 'the server names the campaign of the address';
const NOT_NAMED = 'the campaign of the address cannot be read';
const PICK = 'type "Win" and pick the campaign "Winter sale" the server found';
const UNPICK = 'type over the campaign\'s name';
const NO_DATE = 'clear the date';
const BAD_PERIOD = 'type 745 as the period';
const FIXED = 'type 21.11.2026 and 48 hours';
const SHOW = 'press "Show"';
const RETRY = 'press "Try again" (or "Refresh")';
const ANSWER = 'the server answers the statistics';
const OFFLINE = 'the network is down';
const EXPORT = 'press "Download xlsx"';
const EXPORTED = 'the file is ready';
const EXPORT_FAILED = 'the file cannot be built';

const CAMPAIGN = text('statistics:fields.campaign');
const DATE = text('statistics:fields.date');
const PERIOD = text('statistics:fields.period');
const SHOW_BUTTON = text('statistics:charts.show');
const DOWNLOAD = text('statistics:charts.download');
const REQUIRED = text('statistics:errors.parametersRequired');
const LOADING = `the spinner ${text('common:loading')} under the form`;
const UPDATING = 'the charts stay as they were while the new statistics load';
const SHOWN = `the summary ${text('statistics:charts.summary', { campaign: 'Winter sale', plays: '2 plays', hours: '24 hours', seconds: '20' })}, ${text('statistics:timeZone', { zone: 'UTC' })}, and the charts ${text('statistics:charts.byHour')}, ${text('statistics:charts.byDevice')} (Lobby) and ${text('statistics:charts.byMedia')} (clip.mp4); ${DOWNLOAD} is enabled`;
const FAILED = `instead of the charts, in red: ${text('statistics:errors.loadFailed')}. ${text('common:errors.network_error')}, and the button ${text('statistics:retry')}`;
const NO_RETRY = `there is no ${text('statistics:retry')} button: it shows only after a failed load (the tab has no "Refresh")`;
const NO_DOWNLOAD = `${DOWNLOAD} is disabled until statistics are shown`;
/** The red line under the form goes when neither the campaign nor the date is missing any more. */
const missing = (problems: Record<string, string>) => Boolean(problems.campaign || problems.date);
const redGoes = (before: Record<string, string>, after: Record<string, string>) => (missing(before) && !missing(after) ? [`the red ${REQUIRED} goes away`] : []);

type Context = { draft: StatisticsDraft; data: StatisticsAnswer | null; problems: Record<string, string>; params: unknown; campaignName: string | null };
/**
 * The form's rules, written here rather than taken from the product's own check (issue 39: a rule checked against
 * itself catches nothing): a campaign and a real date are required; the period is whole hours, 1 to 744 (docs/api.md,
 * GET /statistics/).
 */
function problemsOf(draft: StatisticsDraft): Record<string, string> {
  const problems: Record<string, string> = {};
  if (!draft.campaign) problems.campaign = 'required';
  const [year, month, day] = draft.date.split('-').map(Number);
  const real = /^\d{4}-\d{2}-\d{2}$/.test(draft.date) && new Date(Date.UTC(year!, month! - 1, day!)).toISOString().slice(0, 10) === draft.date;
  if (!real) problems.date = 'required';
  if (!Number.isInteger(draft.period) || draft.period < 1 || draft.period > 744) problems.period = 'out_of_range';
  return problems;
}

const loadCall = (draft: StatisticsDraft) => `loadStatistics: ${JSON.stringify({ campaign: draft.campaign, date: draft.date, period: draft.period })}`;
/** "Show" asks for the draft when it is valid (a first load, or an update over what is shown); otherwise names the problems. */
const show = (context: Context) => {
  const problems = problemsOf(context.draft);
  if (Object.keys(problems).length) {
    const screen = [
      ...(missing(problems) ? [`under the form, in red: ${REQUIRED}; the field${problems.campaign && problems.date ? `s ${CAMPAIGN} and ${DATE} turn` : ` ${problems.campaign ? CAMPAIGN : DATE} turns`} red`] : []),
      ...(problems.period ? [`under ${PERIOD}, in red: ${text('statistics:charts.periodProblem')}`] : []),
      'nothing loads',
    ];
    return { to: 'invalid', see: { problems, loading: false }, screen };
  }
  return { to: context.data ? 'updating' : 'loading', see: { loading: true, problems: {} }, calls: [loadCall(context.draft)], screen: [...redGoes(context.problems, {}), context.data ? UPDATING : LOADING] };
};
const change = (draft: Partial<StatisticsDraft>, words: string) => (context: Context) => {
  const problems = Object.fromEntries(Object.entries(context.problems).filter(([field]) => !(field in draft)));
  return {
    see: { draft: { ...context.draft, ...draft }, problems },
    screen: [words, ...redGoes(context.problems, problems), ...(context.problems.period && 'period' in draft ? [`the red message under ${PERIOD} goes away`] : [])],
  };
};
/** The picker names a campaign (with its name) or no longer does; the campaign's old problem goes. */
const pick = (campaign: { id: number; name: string } | null) => (context: Context) => {
  const problems = Object.fromEntries(Object.entries(context.problems).filter(([field]) => field !== 'campaign'));
  return {
    see: { draft: { ...context.draft, campaign: campaign?.id ?? null }, campaignName: campaign?.name ?? null, problems },
    screen: [
      campaign ? `${CAMPAIGN} reads Winter sale (picked from the list that opens under it)` : `${CAMPAIGN} reads what was typed: no campaign is picked`,
      ...redGoes(context.problems, problems),
      ...(context.problems.campaign ? [`${CAMPAIGN} is no longer red`] : []),
    ],
  };
};
/** The name read by id shows only while the draft still names that campaign (the user may have picked another). */
const named = (context: Context) => ({
  see: { campaignName: context.draft.campaign === 3 ? 'Winter sale' : context.campaignName, namePending: false },
  screen: context.draft.campaign === 3 && context.campaignName === null ? [`${CAMPAIGN} fills in with Winter sale`] : [],
});
/** Editing the form and the campaign name's answer are possible in every state and move nowhere. */
const everywhere = {
  [PICK]: pick({ id: 3, name: 'Winter sale' }),
  [UNPICK]: pick(null),
  [NO_DATE]: change({ date: '' }, `${DATE} is empty`),
  [BAD_PERIOD]: change({ period: 745 }, `${PERIOD} reads 745`),
  [FIXED]: change({ date: '2026-11-21', period: 48 }, `${DATE} reads 11/21/2026 (dates are typed MM/DD/YYYY in English) and ${PERIOD} reads 48`),
  [NAMED]: named,
  [NOT_NAMED]: (context: Context) => ({
    see: { campaignName: context.campaignName, namePending: false },
    screen: context.campaignName === null && context.draft.campaign === 3 ? [`${CAMPAIGN} stays empty (the statistics' answer names the campaign)`] : [],
  }),
};
/** An answer shows; it names its campaign to the picker when no name was known (a reader of statistics without the campaigns area). */
const answered = (context: Context) => ({
  to: 'complete.idle',
  see: { loading: false, data: 'Winter sale: 2 plays', error: null, campaignName: context.campaignName ?? (context.draft.campaign === 3 ? 'Winter sale' : null) },
  screen: [SHOWN, ...(context.campaignName === null && context.draft.campaign === 3 ? [`${CAMPAIGN} fills in with Winter sale`] : [])],
});

/** The Charts tab's query: the parameters rule, the fetch status (spec section 4) with a retry, the xlsx of what is shown. */
export default defineQa({
  machine: statisticsQueryMachine,
  file: 'src/machines/statistics/query.machine.ts',
  title: 'The statistics query of the Charts tab',
  req: { [NO_DATE]: ['S5-10'], [SHOW]: ['S5-10'], [OFFLINE]: ['S8.1-7', 'S8.2-22'] },
  namespace: 'statistics',
  preconditions: {
    'an address without a campaign': {
      route: '/statistics (the Charts tab), on 11/22/2026: the tester\'s today is the date the form starts with',
      user: 'admin (or a user whose group gives Statistics "View")',
      data: 'the campaign Winter sale (id 3) with plays on 11/22/2026 (the sample answer: 2 plays, 20 s, of clip.mp4 on the device Lobby)',
    },
    'an address naming campaign 3 (beyond the first page of the list)': {
      route: `/statistics?campaign=3&date=2026-11-22: the tab asks for those statistics by itself as it opens, as if ${SHOW_BUTTON} were pressed (their answer comes at the path's step "${ANSWER}")`,
      user: 'admin (or a user whose group gives Statistics "View")',
      data: 'more than 20 campaigns, so Winter sale (id 3) is not among the first 20 the picker offers; Winter sale played on 11/22/2026 (the sample answer: 2 plays, 20 s, of clip.mp4 on the device Lobby)',
    },
  },
  howTo: {
    [NAMED]: 'wait: the server answers GET /api/v1/campaigns/3/',
    [NOT_NAMED]: 'in the devtools Network tab, block the request URL /api/v1/campaigns/3/ before opening the address',
    [PICK]: `type Win in ${CAMPAIGN} and choose Winter sale in the list that opens`,
    [UNPICK]: `type any letter over the name in ${CAMPAIGN}`,
    [ANSWER]: 'wait: the server answers the statistics',
    [OFFLINE]: `in the devtools Network tab, choose "Offline" before pressing ${SHOW_BUTTON} (or ${text('statistics:retry')}, or before opening the address); back to "No throttling" afterwards`,
    [EXPORTED]: 'wait: the browser writes the file',
    [EXPORT_FAILED]: `the file is written in the browser: in the devtools Network tab, block the script that writes xlsx files (the request for "write-excel-file", fetched at the first ${DOWNLOAD} of a page load) before pressing ${DOWNLOAD}`,
  },
  offScreen: {
    [RETRY]: { initial: NO_RETRY, invalid: NO_RETRY, loading: NO_RETRY, updating: NO_RETRY, complete: NO_RETRY },
    [EXPORT]: { initial: NO_DOWNLOAD, invalid: NO_DOWNLOAD, loading: NO_DOWNLOAD, updating: `${DOWNLOAD} is disabled while statistics load`, error: NO_DOWNLOAD, 'complete.exporting': `the button reads ${text('statistics:charts.downloading')} and is disabled` },
  },
  onScreen: { saveFile: `the browser saves statistics.xlsx (sheets ${text('statistics:charts.sheets.hours')}, ${text('statistics:charts.sheets.devices')}, ${text('statistics:charts.sheets.media')}); the button reads ${DOWNLOAD} again` },
  actors: ['loadCampaignName', 'loadStatistics', 'exportStatistics'],
  recorded: ['saveFile'],
  describeCall: (name, argument) => {
    if (name === 'exportStatistics') {
      const input = argument as { data: StatisticsAnswer; words: typeof WORDS };
      return `exportStatistics: campaign ${input.data.campaign.id}, sheets ${Object.values(input.words.sheets).join(' / ')}`;
    }
    if (name === 'saveFile') return `saveFile: a ${(argument as { blob: Blob }).blob.size}-byte file`;
    return argument === undefined ? name : `${name}: ${JSON.stringify(argument)}`;
  },
  starts: {
    'an address without a campaign': () => ({ today: '2026-11-22' }),
    'an address naming campaign 3 (beyond the first page of the list)': () => ({ today: '2026-11-22', campaign: 3 }),
  },
  when: { [NAMED]: (snapshot) => snapshot.context.namePending, [NOT_NAMED]: (snapshot) => snapshot.context.namePending },
  events: {
    [NAMED]: done('loadCampaignName', { id: 3, name: 'Winter sale' }),
    [NOT_NAMED]: error('loadCampaignName', new ApiRequestError({ status: 404, code: 'not_found', detail: '' })),
    [PICK]: { type: 'statistics.pick', campaign: { id: 3, name: 'Winter sale' } },
    [UNPICK]: { type: 'statistics.pick', campaign: null },
    [NO_DATE]: { type: 'statistics.change', draft: { date: '' } },
    [BAD_PERIOD]: { type: 'statistics.change', draft: { period: 745 } },
    [FIXED]: { type: 'statistics.change', draft: { date: '2026-11-21', period: 48 } },
    [SHOW]: { type: 'statistics.submit' },
    [RETRY]: { type: 'statistics.retry' },
    [ANSWER]: done('loadStatistics', DATA),
    [OFFLINE]: error('loadStatistics', new ApiRequestError({ status: 0, code: 'network_error', detail: '' })),
    [EXPORT]: { type: 'statistics.export', words: WORDS },
    [EXPORTED]: done('exportStatistics', new Blob(['xlsx'])),
    [EXPORT_FAILED]: error('exportStatistics', new ApiRequestError({ status: 0, code: 'invalid_response', detail: '' })),
  },
  initial: {
    'an address without a campaign': {
      to: 'initial',
      see: { loading: false, draft: { campaign: null, date: '2026-11-22', period: 24 }, problems: {}, data: null, campaignName: null, namePending: false },
      calls: ['loadCampaignName: null'],
      screen: [
        `the tabs ${text('statistics:tabs.charts')}, ${text('statistics:tabs.compare')}, ${text('statistics:tabs.unloads')}; ${CAMPAIGN} empty (${text('statistics:compare.pick.placeholder')}), ${DATE} reads 11/22/2026, ${PERIOD} reads 24, the button ${SHOW_BUTTON}, and ${text('statistics:charts.hint')}; ${DOWNLOAD} is disabled; below, the live report`,
      ],
    },
    'an address naming campaign 3 (beyond the first page of the list)': {
      to: 'initial',
      see: { loading: false, draft: { campaign: 3, date: '2026-11-22', period: 24 }, problems: {}, data: null, campaignName: null, namePending: true },
      calls: ['loadCampaignName: 3'],
      screen: [`${DATE} reads 11/22/2026, ${PERIOD} reads 24; ${CAMPAIGN} fills in with Winter sale once its name is read; ${LOADING} (the tab asked by itself)`],
    },
  },
  expect: {
    initial: { ...everywhere, [SHOW]: show },
    invalid: { ...everywhere, [SHOW]: show },
    loading: {
      ...everywhere,
      [SHOW]: show,
      [ANSWER]: answered,
      [OFFLINE]: { to: 'error', see: { loading: false, error: 'network_error', data: null }, screen: [FAILED] },
    },
    updating: {
      ...everywhere,
      [SHOW]: show,
      [ANSWER]: answered,
      [OFFLINE]: { to: 'error', see: { loading: false, error: 'network_error', data: 'Winter sale: 2 plays' }, screen: [FAILED] },
    },
    complete: {
      ...everywhere,
      [SHOW]: show,
      [RETRY]: (context: Context) => ({ to: 'updating', see: { loading: true }, calls: [`loadStatistics: ${JSON.stringify(context.params)}`], screen: [UPDATING] }),
    },
    'complete.idle': {
      [EXPORT]: { to: 'complete.exporting', see: { exporting: true, exportError: null }, calls: ['exportStatistics: campaign 3, sheets By hour / By device / By media'], screen: [`the button reads ${text('statistics:charts.downloading')} with a spinner and is disabled`] },
    },
    'complete.exporting': {
      [EXPORTED]: { to: 'complete.idle', see: { exporting: false }, calls: ['saveFile: a 4-byte file'] },
      [EXPORT_FAILED]: { to: 'complete.idle', see: { exporting: false, exportError: 'invalid_response' }, screen: [`under the title, in red: ${text('statistics:errors.fileFailed')}; the button reads ${DOWNLOAD} again`] },
    },
    error: {
      ...everywhere,
      [SHOW]: show,
      [RETRY]: (context: Context) => ({ to: context.data ? 'updating' : 'loading', see: { loading: true }, calls: [`loadStatistics: ${JSON.stringify(context.params)}`], screen: [`the red message goes away; ${context.data ? UPDATING : LOADING}`] }),
    },
  },
  view: (snapshot) => ({
    loading: snapshot.hasTag('loading'),
    exporting: snapshot.hasTag('exporting'),
    draft: snapshot.context.draft,
    problems: snapshot.context.problems,
    data: snapshot.context.data ? `${snapshot.context.data.campaign.name}: ${snapshot.context.data.total.plays} plays` : null,
    error: snapshot.context.error,
    exportError: snapshot.context.exportError,
    campaignName: snapshot.context.campaignName,
    namePending: snapshot.context.namePending,
  }),
  key: (snapshot) =>
    JSON.stringify([
      snapshot.value,
      snapshot.context.draft,
      snapshot.context.problems,
      snapshot.context.data !== null,
      snapshot.context.error,
      snapshot.context.exportError,
      snapshot.context.campaignName,
      snapshot.context.namePending,
    ]),
});
