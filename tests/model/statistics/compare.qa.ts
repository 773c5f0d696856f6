import { compareMachine, type CompareContext, type CompareEntity } from '../../../src/machines/statistics/compare.machine.ts';
import { ApiRequestError } from '../../../src/services/http.ts';
import { defineQa, done, error, type StepExpectation } from '../qa/catalogue.ts';
import { inWords } from '../qa/run.ts';
import { text } from '../qa/screen.ts';

const DATE = '2026-11-21';
const LOBBY: CompareEntity = { kind: 'device', id: 1, name: 'Lobby' };
const HALL: CompareEntity = { kind: 'device', id: 2, name: 'Hall' };
const SALE: CompareEntity = { kind: 'campaign', id: 3, name: 'Winter sale' };
const TEN: CompareEntity[] = Array.from({ length: 10 }, (_, index) => ({ kind: 'media', id: 101 + index, name: `Clip ${index + 1}` }));

const ADD_LOBBY = 'add the device "Lobby"';
const ADD_SALE = 'add the campaign "Winter sale"';
const REMOVE_LOBBY = 'remove "Lobby" from the list';
const CLEAR = 'press "Clear"';
const PERIOD_0 = 'type 0 hours as the period';
const PERIOD_48 = 'type 48 hours as the period';
const NO_DATE = 'empty the date';
const LOADED = 'the server answers the series';
const FAILED = 'the server fails';
const GONE = 'the server no longer finds "Lobby" (deleted, or moved out of the user\'s scope)';
const RETRY = 'press "Retry"';

const ANSWER = {
  date: DATE,
  period: 24,
  time_zone: 'UTC',
  series: [{ entity: 'device:1', kind: 'device', id: 1, name: 'Lobby', total: { plays: 3, seconds: 30 }, hours: [{ hour: '2026-11-21T00:00:00Z', plays: 3, seconds: 30 }] }],
};

const COUNT = (count: number) => text('statistics:compare.count', { count, max: 10 });
const ITEM = (entity: CompareEntity) => `"${entity.kind === 'device' ? 'Device' : entity.kind === 'campaign' ? 'Campaign' : 'Media'}: ${entity.name}"`;
const PERIOD_FIELD = text('statistics:fields.period');
const DATE_FIELD = text('statistics:fields.date');
const ADD_BUTTON = text('statistics:compare.add');
const CLEAR_BUTTON = text('statistics:compare.clear');
const SPINNER = `the spinner ${text('common:loading')} where the chart goes`;
const EMPTY = `${COUNT(0)} and ${text('statistics:compare.empty')}; ${CLEAR_BUTTON} is disabled`;
const NO_RETRY = `there is no ${text('statistics:retry')} button: it shows only under a failed load`;
/** What the result area shows once the list or the window changed (the view's CompareResult and the window's message). */
function settledScreen(entities: CompareEntity[], date: string, period: number, kept: boolean): string[] {
  if (entities.length === 0) return [EMPTY];
  if (!windowOk(date, period)) {
    const dateWrong = !/^\d{4}-\d{2}-\d{2}$/.test(date);
    return [`under the window, in red: ${text(dateWrong ? 'statistics:compare.dateRequired' : 'statistics:compare.periodRange')}; ${dateWrong ? DATE_FIELD : PERIOD_FIELD} turns red; nothing loads`];
  }
  return [kept ? 'the chart stays as it was while the series load again' : SPINNER];
}
/** Whether the series shown answer exactly this list, in its order (then the chart stays while the next load runs). */
const keptFor = (context: CompareContext, entities: CompareEntity[]) => {
  const answered = context.data?.series.map((series) => series.entity) ?? null;
  return answered !== null && answered.join() === entities.map(key).join();
};

const key = (entity: CompareEntity) => `${entity.kind}:${entity.id}`;
const windowOk = (date: string, period: number) => /^\d{4}-\d{2}-\d{2}$/.test(date) && Number.isInteger(period) && period >= 1 && period <= 744;

/**
 * Where the tab goes once the list or the window changed, written from the spec: an empty list shows the empty state,
 * a window the server cannot take (no date, a period outside 1 to 744 hours) says so, else the series load.
 */
function settle(entities: CompareEntity[], date: string, period: number, calls: string[], kept = false): StepExpectation {
  const see = { entities: entities.map(key), notice: null };
  const screen = settledScreen(entities, date, period, kept);
  if (entities.length === 0) return { to: 'empty', see: { ...see, shown: false }, calls, screen };
  if (!windowOk(date, period)) return { to: 'invalid', see, calls, screen };
  return { to: 'loading', see: { ...see, loading: true }, calls: [...calls, `loadCompare: ${inWords({ entities: entities.map(({ kind, id }) => ({ kind, id })), date, period })}`], screen };
}

/** A new window leaves the list as it is, and so what was said about the list (a duplicate, a full list). */
function settleWindow(context: CompareContext, date: string, period: number, words: string): StepExpectation {
  const expected = settle(context.entities, date, period, [], keptFor(context, context.entities));
  return { ...expected, see: { ...expected.see, notice: context.notice }, screen: [words, ...(expected.screen ?? [])] };
}

const persist = (entities: CompareEntity[]) => `persist: ${inWords({ entities })}`;

function add(entity: CompareEntity) {
  return (context: CompareContext): StepExpectation => {
    if (context.entities.some((listed) => key(listed) === key(entity)))
      return { see: { notice: 'statistics:errors.alreadyInCompare', entities: context.entities.map(key) }, calls: [], screen: [`under the picker, in red: ${text('statistics:errors.alreadyInCompare')}; the list stays as it was`] };
    if (context.entities.length >= 10)
      return { see: { notice: 'statistics:compare.full', entities: context.entities.map(key) }, calls: [], screen: [`under the picker, in red: ${text('statistics:compare.full', { max: 10 })}; the list stays as it was`] };
    const entities = [...context.entities, entity];
    const added = settle(entities, context.date, context.period, [persist(entities)], keptFor(context, entities));
    return { ...added, screen: [`the list ends with ${ITEM(entity)}; ${COUNT(entities.length)}`, ...(context.notice ? ['the red message under the picker goes away'] : []), ...(added.screen ?? [])] };
  };
}

/** Section 2, Compare: up to 10 campaigns, devices or media, each once, overlaid; the list survives a reload. */
export default defineQa({
  machine: compareMachine,
  file: 'src/machines/statistics/compare.machine.ts',
  title: 'The compare list and its series',
  req: { [ADD_LOBBY]: ['S8.2-22'], [FAILED]: ['S8.2-22'] },
  actors: ['loadCompare'],
  recorded: ['persist'],
  namespace: 'statistics',
  preconditions: {
    'nothing stored': {
      route: `/statistics/compare (the Compare tab); its ${DATE_FIELD} starts at today, which stands for the sample's 11/21/2026, and ${PERIOD_FIELD} at 24`,
      user: 'admin (or a user whose group gives Statistics "View")',
      data: `an empty compare list in this browser (a fresh browser profile, or press ${CLEAR_BUTTON} on an earlier visit); the device Lobby and the campaign Winter sale, with plays today`,
    },
    'Lobby and Hall stored': {
      route: '/statistics/compare (the Compare tab), reopened: the list kept in this browser loads at once',
      user: 'admin (or a user whose group gives Statistics "View")',
      data: 'the devices Lobby and Hall added to the compare list on an earlier visit, in that order (the list is kept per user in this browser); the campaign Winter sale',
    },
    'ten media stored': {
      route: '/statistics/compare (the Compare tab), reopened: the list kept in this browser loads at once',
      user: 'admin (or a user whose group gives Statistics "View")',
      data: 'ten media files Clip 1 to Clip 10 added to the compare list on an earlier visit; the device Lobby and the campaign Winter sale',
    },
  },
  howTo: {
    [ADD_LOBBY]: `choose ${text('statistics:kinds.device')} in ${text('statistics:compare.kind')}, type Lobby in ${text('statistics:compare.pick.device')}, pick it, press ${ADD_BUTTON}`,
    [ADD_SALE]: `choose ${text('statistics:kinds.campaign')} in ${text('statistics:compare.kind')}, type Winter in ${text('statistics:compare.pick.campaign')}, pick Winter sale, press ${ADD_BUTTON}`,
    [REMOVE_LOBBY]: `press the cross beside "Device: Lobby" in the list (its label ${text('statistics:compare.remove', { name: 'Lobby' })}), or ${text('statistics:compare.missing.remove', { name: 'Lobby' })} in the red panel`,
    [PERIOD_0]: `type 0 in ${PERIOD_FIELD}`,
    [PERIOD_48]: `type 48 in ${PERIOD_FIELD}`,
    [NO_DATE]: `delete the text of ${DATE_FIELD}`,
    [LOADED]: 'wait: the server answers the series',
    [FAILED]: 'in the devtools Network tab, block the request URL /api/v1/statistics/compare/ before the step that loads (the reason then reads "The server cannot be reached..." instead of the server\'s)',
    [GONE]: 'in another tab, delete the device Lobby (or, as admin, move it to a company outside the tester\'s groups) before the step that loads',
  },
  offScreen: {
    [REMOVE_LOBBY]: (view) => ((view.entities as string[]).includes('device:1') ? undefined : 'Lobby is not in the list: there is nothing to remove'),
    [CLEAR]: (view) => ((view.entities as string[]).length ? undefined : `${CLEAR_BUTTON} is disabled while the list is empty`),
    [PERIOD_0]: (view) => (view.period === 0 ? `${PERIOD_FIELD} already reads 0` : undefined),
    [PERIOD_48]: (view) => (view.period === 48 ? `${PERIOD_FIELD} already reads 48` : undefined),
    [NO_DATE]: (view) => (view.date === '' ? `${DATE_FIELD} is already empty` : undefined),
    [RETRY]: (view) => (view.failed && !(view.missing as string[]).length ? undefined : NO_RETRY),
  },
  starts: {
    'nothing stored': () => ({ entities: [], date: DATE, period: 24 }),
    'Lobby and Hall stored': () => ({ entities: [LOBBY, HALL], date: DATE, period: 24 }),
    'ten media stored': () => ({ entities: TEN, date: DATE, period: 24 }),
  },
  events: {
    [ADD_LOBBY]: { type: 'compare.add', entity: LOBBY },
    [ADD_SALE]: { type: 'compare.add', entity: SALE },
    [REMOVE_LOBBY]: { type: 'compare.remove', entity: 'device:1' },
    [CLEAR]: { type: 'compare.clear' },
    [PERIOD_0]: { type: 'compare.params', period: 0 },
    [PERIOD_48]: { type: 'compare.params', period: 48 },
    [NO_DATE]: { type: 'compare.params', date: '' },
    [LOADED]: done('loadCompare', ANSWER),
    [FAILED]: error('loadCompare', new ApiRequestError({ status: 500, code: 'server_error', detail: '' })),
    [GONE]: error('loadCompare', new ApiRequestError({ status: 404, code: 'compare_entity_not_found', detail: 'Not found: device:1.', fields: { 'device:1': 'not_found' } })),
    [RETRY]: { type: 'compare.retry' },
  },
  when: { [GONE]: (snapshot) => snapshot.context.entities.some((entity) => key(entity) === 'device:1') },
  initial: {
    'nothing stored': { to: 'empty', see: { entities: [], shown: false }, screen: [`the tabs, ${text('statistics:compare.intro', { max: 10 })}, the pickers, the window (${DATE_FIELD}, ${PERIOD_FIELD} 24), ${EMPTY}`] },
    'Lobby and Hall stored': { to: 'loading', see: { entities: ['device:1', 'device:2'], loading: true }, calls: [`loadCompare: ${inWords({ entities: [{ kind: 'device', id: 1 }, { kind: 'device', id: 2 }], date: DATE, period: 24 })}`], screen: [`the list "Device: Lobby", "Device: Hall"; ${COUNT(2)}; ${SPINNER}`] },
    'ten media stored': { to: 'loading', see: { entities: TEN.map(key) }, calls: [`loadCompare: ${inWords({ entities: TEN.map(({ kind, id }) => ({ kind, id })), date: DATE, period: 24 })}`], screen: [`the list "Media: Clip 1" to "Media: Clip 10"; ${COUNT(10)}; ${SPINNER}`] },
  },
  expect: {
    '': {
      [ADD_LOBBY]: add(LOBBY),
      [ADD_SALE]: add(SALE),
      [REMOVE_LOBBY]: (context: CompareContext) => {
        if (!context.entities.some((entity) => key(entity) === 'device:1')) return { see: { entities: context.entities.map(key) }, calls: [] };
        const entities = context.entities.filter((entity) => key(entity) !== 'device:1');
        const removed = settle(entities, context.date, context.period, [persist(entities)], keptFor(context, entities));
        return { ...removed, screen: [`"Device: Lobby" leaves the list (and the red panel); ${COUNT(entities.length)}`, ...(removed.screen ?? [])] };
      },
      [CLEAR]: (context: CompareContext) =>
        context.entities.length ? { ...settle([], context.date, context.period, [persist([])]), screen: ['the list and the chart go', EMPTY] } : { see: { entities: [] }, calls: [] },
      [PERIOD_0]: (context: CompareContext) => settleWindow(context, context.date, 0, `${PERIOD_FIELD} reads 0`),
      [PERIOD_48]: (context: CompareContext) => settleWindow(context, context.date, 48, `${PERIOD_FIELD} reads 48`),
      [NO_DATE]: (context: CompareContext) => settleWindow(context, '', context.period, `${DATE_FIELD} is empty`),
    },
    loading: {
      [LOADED]: {
        to: 'ready',
        see: { loading: false, shown: true, error: null, missing: [] },
        screen: [`${text('statistics:timeZone', { zone: 'UTC' })}, the chart ${text('statistics:compare.chartTitle')} with a line for each listed entity the answer names (the sample: Lobby, 3 plays), and under it the table ${text('statistics:compare.tableLabel')} with a ${text('statistics:compare.total')} row`],
      },
      [FAILED]: {
        to: 'failed',
        see: { loading: false, error: 'server_error', missing: [] },
        screen: [`instead of the chart, in red: ${text('statistics:errors.loadFailed')}. ${text('common:errors.server_error')}, and the button ${text('statistics:retry')}`],
      },
      // Named from the list, each with its removal (the shared remove sample then loads the rest).
      [GONE]: {
        to: 'failed',
        see: { loading: false, error: 'compare_entity_not_found', missing: ['device:1'] },
        screen: [
          `instead of the chart, a red panel: ${text('statistics:errors.loadFailed')}. ${text('statistics:compare.missing.title_one')}, naming ${text('statistics:compare.missing.entity', { kind: 'Device', name: 'Lobby' })} with the button ${text('statistics:compare.missing.remove', { name: 'Lobby' })}`,
        ],
      },
    },
    failed: {
      [RETRY]: (context: CompareContext) => ({
        to: 'loading',
        see: { loading: true },
        calls: [`loadCompare: ${inWords({ entities: context.entities.map(({ kind, id }) => ({ kind, id })), date: context.date, period: context.period })}`],
        screen: [`the red message goes; ${SPINNER}`],
      }),
    },
  },
  view: (snapshot) => ({
    entities: snapshot.context.entities.map(key),
    notice: snapshot.context.notice,
    loading: snapshot.hasTag('loading'),
    shown: snapshot.context.data !== null,
    error: snapshot.context.error,
    missing: snapshot.context.missing,
    failed: snapshot.matches('failed'),
    date: snapshot.context.date,
    period: snapshot.context.period,
  }),
  invariant: (snapshot) => {
    const keys = snapshot.context.entities.map(key);
    if (keys.length > 10 || new Set(keys).size !== keys.length) throw new Error(`the list breaks its rules: ${keys.join(',')}`);
  },
  key: (snapshot) =>
    JSON.stringify([snapshot.value, snapshot.context.entities.map(key), snapshot.context.date, snapshot.context.period, snapshot.context.notice, snapshot.context.error, snapshot.context.missing, snapshot.context.data === null]),
});
