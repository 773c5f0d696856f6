import { compareMachine, type CompareContext, type CompareEntity } from '../../../src/machines/statistics/compare.machine.ts';
import { ApiRequestError } from '../../../src/services/http.ts';
import { defineQa, done, error, type StepExpectation } from '../qa/catalogue.ts';
import { inWords } from '../qa/run.ts';

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

const key = (entity: CompareEntity) => `${entity.kind}:${entity.id}`;
const windowOk = (date: string, period: number) => /^\d{4}-\d{2}-\d{2}$/.test(date) && Number.isInteger(period) && period >= 1 && period <= 744;

/**
 * Where the tab goes once the list or the window changed, written from the spec: an empty list shows the empty state,
 * a window the server cannot take (no date, a period outside 1 to 744 hours) says so, else the series load.
 */
function settle(entities: CompareEntity[], date: string, period: number, calls: string[]): StepExpectation {
  const see = { entities: entities.map(key), notice: null };
  if (entities.length === 0) return { to: 'empty', see: { ...see, shown: false }, calls };
  if (!windowOk(date, period)) return { to: 'invalid', see, calls };
  return { to: 'loading', see: { ...see, loading: true }, calls: [...calls, `loadCompare: ${inWords({ entities: entities.map(({ kind, id }) => ({ kind, id })), date, period })}`] };
}

/** A new window leaves the list as it is, and so what was said about the list (a duplicate, a full list). */
function settleWindow(context: CompareContext, date: string, period: number): StepExpectation {
  const expected = settle(context.entities, date, period, []);
  return { ...expected, see: { ...expected.see, notice: context.notice } };
}

const persist = (entities: CompareEntity[]) => `persist: ${inWords({ entities })}`;

function add(entity: CompareEntity) {
  return (context: CompareContext): StepExpectation => {
    if (context.entities.some((listed) => key(listed) === key(entity))) return { see: { notice: 'statistics:errors.alreadyInCompare', entities: context.entities.map(key) }, calls: [] };
    if (context.entities.length >= 10) return { see: { notice: 'statistics:compare.full', entities: context.entities.map(key) }, calls: [] };
    const entities = [...context.entities, entity];
    return settle(entities, context.date, context.period, [persist(entities)]);
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
    'nothing stored': { to: 'empty', see: { entities: [], shown: false } },
    'Lobby and Hall stored': { to: 'loading', see: { entities: ['device:1', 'device:2'], loading: true } },
    'ten media stored': { to: 'loading', see: { entities: TEN.map(key) } },
  },
  expect: {
    '': {
      [ADD_LOBBY]: add(LOBBY),
      [ADD_SALE]: add(SALE),
      [REMOVE_LOBBY]: (context: CompareContext) => {
        if (!context.entities.some((entity) => key(entity) === 'device:1')) return { see: { entities: context.entities.map(key) }, calls: [] };
        const entities = context.entities.filter((entity) => key(entity) !== 'device:1');
        return settle(entities, context.date, context.period, [persist(entities)]);
      },
      [CLEAR]: (context: CompareContext) => (context.entities.length ? settle([], context.date, context.period, [persist([])]) : { see: { entities: [] }, calls: [] }),
      [PERIOD_0]: (context: CompareContext) => settleWindow(context, context.date, 0),
      [PERIOD_48]: (context: CompareContext) => settleWindow(context, context.date, 48),
      [NO_DATE]: (context: CompareContext) => settleWindow(context, '', context.period),
    },
    loading: {
      [LOADED]: { to: 'ready', see: { loading: false, shown: true, error: null, missing: [] } },
      [FAILED]: { to: 'failed', see: { loading: false, error: 'server_error', missing: [] } },
      // Named from the list, each with its removal (the shared remove sample then loads the rest).
      [GONE]: { to: 'failed', see: { loading: false, error: 'compare_entity_not_found', missing: ['device:1'] } },
    },
    failed: {
      [RETRY]: (context: CompareContext) => ({ to: 'loading', see: { loading: true }, calls: [`loadCompare: ${inWords({ entities: context.entities.map(({ kind, id }) => ({ kind, id })), date: context.date, period: context.period })}`] }),
    },
  },
  view: (snapshot) => ({
    entities: snapshot.context.entities.map(key),
    notice: snapshot.context.notice,
    loading: snapshot.hasTag('loading'),
    shown: snapshot.context.data !== null,
    error: snapshot.context.error,
    missing: snapshot.context.missing,
  }),
  invariant: (snapshot) => {
    const keys = snapshot.context.entities.map(key);
    if (keys.length > 10 || new Set(keys).size !== keys.length) throw new Error(`the list breaks its rules: ${keys.join(',')}`);
  },
  key: (snapshot) =>
    JSON.stringify([snapshot.value, snapshot.context.entities.map(key), snapshot.context.date, snapshot.context.period, snapshot.context.notice, snapshot.context.error, snapshot.context.missing, snapshot.context.data === null]),
});
