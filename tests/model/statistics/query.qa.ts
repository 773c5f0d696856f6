import { statisticsQueryMachine, type StatisticsDraft } from '../../../src/machines/statistics/query.machine.ts';
import { ApiRequestError } from '../../../src/services/http.ts';
import { statisticsProblems, type StatisticsAnswer } from '../../../src/services/statistics.ts';
import { defineQa, done, error } from '../qa/catalogue.ts';

const DATA: StatisticsAnswer = {
  campaign: { id: 3, name: 'Winter sale' },
  date: '2026-11-22',
  period: 24,
  time_zone: 'UTC',
  total: { plays: 2, seconds: 20 },
  hours: [{ hour: '2026-11-22T10:00:00Z', plays: 2, seconds: 20 }],
  devices: [{ device: 1, name: 'Lobby', plays: 2, seconds: 20 }],
  media: [{ media: 5, name: 'clip.mp4', plays: 2, seconds: 20 }],
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

type Context = { draft: StatisticsDraft; data: StatisticsAnswer | null; problems: Record<string, string>; params: unknown; campaignName: string | null };
const loadCall = (draft: StatisticsDraft) => `loadStatistics: ${JSON.stringify({ campaign: draft.campaign, date: draft.date, period: draft.period })}`;
/** "Show" asks for the draft when it is valid (a first load, or an update over what is shown); otherwise names the problems. */
const show = (context: Context) => {
  const problems = statisticsProblems(context.draft);
  if (Object.keys(problems).length) return { to: 'invalid', see: { problems, loading: false } };
  return { to: context.data ? 'updating' : 'loading', see: { loading: true, problems: {} }, calls: [loadCall(context.draft)] };
};
const change = (draft: Partial<StatisticsDraft>) => (context: Context) => ({
  see: {
    draft: { ...context.draft, ...draft },
    problems: Object.fromEntries(Object.entries(context.problems).filter(([field]) => !(field in draft))),
  },
});
/** The picker names a campaign (with its name) or no longer does; the campaign's old problem goes. */
const pick = (campaign: { id: number; name: string } | null) => (context: Context) => ({
  see: {
    draft: { ...context.draft, campaign: campaign?.id ?? null },
    campaignName: campaign?.name ?? null,
    problems: Object.fromEntries(Object.entries(context.problems).filter(([field]) => field !== 'campaign')),
  },
});
/** The name read by id shows only while the draft still names that campaign (the user may have picked another). */
const named = (context: Context) => ({ see: { campaignName: context.draft.campaign === 3 ? 'Winter sale' : context.campaignName, namePending: false } });
/** Editing the form and the campaign name's answer are possible in every state and move nowhere. */
const everywhere = {
  [PICK]: pick({ id: 3, name: 'Winter sale' }),
  [UNPICK]: pick(null),
  [NO_DATE]: change({ date: '' }),
  [BAD_PERIOD]: change({ period: 745 }),
  [FIXED]: change({ date: '2026-11-21', period: 48 }),
  [NAMED]: named,
  [NOT_NAMED]: (context: Context) => ({ see: { campaignName: context.campaignName, namePending: false } }),
};
/** An answer shows; it names its campaign to the picker when no name was known (a reader of statistics without the campaigns area). */
const answered = (context: Context) => ({
  to: 'complete.idle',
  see: { loading: false, data: 'Winter sale: 2 plays', error: null, campaignName: context.campaignName ?? (context.draft.campaign === 3 ? 'Winter sale' : null) },
});

/** The Charts tab's query: the parameters rule, the fetch status (spec section 4) with a retry, the xlsx of what is shown. */
export default defineQa({
  machine: statisticsQueryMachine,
  file: 'src/machines/statistics/query.machine.ts',
  title: 'The statistics query of the Charts tab',
  req: { [NO_DATE]: ['S5-10'], [SHOW]: ['S5-10'], [OFFLINE]: ['S8.1-7', 'S8.2-22'] },
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
    },
    'an address naming campaign 3 (beyond the first page of the list)': {
      to: 'initial',
      see: { loading: false, draft: { campaign: 3, date: '2026-11-22', period: 24 }, problems: {}, data: null, campaignName: null, namePending: true },
      calls: ['loadCampaignName: 3'],
    },
  },
  expect: {
    initial: { ...everywhere, [SHOW]: show },
    invalid: { ...everywhere, [SHOW]: show },
    loading: {
      ...everywhere,
      [SHOW]: show,
      [ANSWER]: answered,
      [OFFLINE]: { to: 'error', see: { loading: false, error: 'network_error', data: null } },
    },
    updating: {
      ...everywhere,
      [SHOW]: show,
      [ANSWER]: answered,
      [OFFLINE]: { to: 'error', see: { loading: false, error: 'network_error', data: 'Winter sale: 2 plays' } },
    },
    complete: {
      ...everywhere,
      [SHOW]: show,
      [RETRY]: (context: Context) => ({ to: 'updating', see: { loading: true }, calls: [`loadStatistics: ${JSON.stringify(context.params)}`] }),
    },
    'complete.idle': {
      [EXPORT]: { to: 'complete.exporting', see: { exporting: true, exportError: null }, calls: ['exportStatistics: campaign 3, sheets By hour / By device / By media'] },
    },
    'complete.exporting': {
      [EXPORTED]: { to: 'complete.idle', see: { exporting: false }, calls: ['saveFile: a 4-byte file'] },
      [EXPORT_FAILED]: { to: 'complete.idle', see: { exporting: false, exportError: 'invalid_response' } },
    },
    error: {
      ...everywhere,
      [SHOW]: show,
      [RETRY]: (context: Context) => ({ to: context.data ? 'updating' : 'loading', see: { loading: true }, calls: [`loadStatistics: ${JSON.stringify(context.params)}`] }),
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
