import { assign, fromPromise, setup, type ActorRefFrom } from 'xstate';
import { errorCodeOf } from '../fetchStatus.machine.ts';
import { ApiRequestError } from '../../services/http.ts';
import { writeCompareList, type StoredCompareEntity } from '../../services/compareList.ts';
import { getCompare, type CompareAnswer, type CompareParams } from '../../services/statistics.ts';
import { MAX_COMPARE_ENTITIES, MAX_PERIOD_HOURS, MIN_PERIOD_HOURS, entityKey } from '../../services/schemas/statistics.ts';

/** An entity of the list: what it is and its name when it was added (the chart uses the server's name). */
export type CompareEntity = StoredCompareEntity;

export interface CompareContext {
  /** The compare list, in the order the entities were added; at most MAX_COMPARE_ENTITIES, each once. */
  entities: CompareEntity[];
  /** The first day of the window, YYYY-MM-DD (as typed: checked before every load). */
  date: string;
  /** The window in hours from the start of `date`. */
  period: number;
  /** The last series the server answered (kept on screen while the next load runs). */
  data: CompareAnswer | null;
  /** Code of the last failed load, or null. */
  error: string | null;
  /**
   * Keys (`device:7`) of listed entities the server no longer finds for this user (deleted, or moved out of their scope)
   * after a load refused with `compare_entity_not_found`; the view names them from the list and offers their removal.
   */
  missing: string[];
  /** i18n key of why the last add was refused (a duplicate, the list full), or null. */
  notice: string | null;
}

export type CompareEvent =
  | { type: 'compare.add'; entity: CompareEntity }
  | { type: 'compare.remove'; entity: string }
  | { type: 'compare.clear' }
  | { type: 'compare.params'; date?: string; period?: number }
  | { type: 'compare.retry' };

export interface CompareInput {
  entities: CompareEntity[];
  date: string;
  period: number;
}

/** The entities a refused load names as not found (`compare_entity_not_found`: one field per entity key), else none. */
export function missingOf(error: unknown): string[] {
  if (!(error instanceof ApiRequestError) || error.code !== 'compare_entity_not_found' || !error.fields) return [];
  return Object.keys(error.fields);
}

export const keyOf = (entity: Pick<CompareEntity, 'kind' | 'id'>) => entityKey(entity.kind, entity.id);

/** The i18n key of what is wrong with the window, or null when the server can take it. */
export function paramsError(date: string, period: number): string | null {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(date) || Number.isNaN(new Date(`${date}T00:00:00Z`).getTime())) return 'statistics:compare.dateRequired';
  if (!Number.isInteger(period) || period < MIN_PERIOD_HOURS || period > MAX_PERIOD_HOURS) return 'statistics:compare.periodRange';
  return null;
}

/**
 * The Compare tab: a list of up to 10 campaigns, devices or media (each once) kept between visits, and the plays per
 * hour of each over one window, loaded whenever the list or the window changes. A refused add says why and changes
 * nothing; a failed load says "Error while getting statistics" with a retry, and names the listed entities the server no
 * longer finds (`missing`) so each can be removed in one click (the rest then loads). The view provides nothing: `persist`
 * keeps the list through the service, the load is the `loadCompare` actor.
 */
export const compareMachine = setup({
  types: {
    context: {} as CompareContext,
    events: {} as CompareEvent,
    input: {} as CompareInput,
  },
  actors: {
    loadCompare: fromPromise<CompareAnswer, CompareParams>(({ input }) => getCompare(input)),
  },
  guards: {
    isDuplicate: ({ context }, params: { entity: CompareEntity }) => context.entities.some((entity) => keyOf(entity) === keyOf(params.entity)),
    isFull: ({ context }) => context.entities.length >= MAX_COMPARE_ENTITIES,
    isListed: ({ context }, params: { entity: string }) => context.entities.some((entity) => keyOf(entity) === params.entity),
    isEmpty: ({ context }) => context.entities.length === 0,
    hasEntities: ({ context }) => context.entities.length > 0,
    paramsInvalid: ({ context }) => paramsError(context.date, context.period) !== null,
  },
  actions: {
    addEntity: assign(({ context }, params: { entity: CompareEntity }) => ({ entities: [...context.entities, params.entity], notice: null })),
    removeEntity: assign(({ context }, params: { entity: string }) => ({ entities: context.entities.filter((entity) => keyOf(entity) !== params.entity), notice: null })),
    clearEntities: assign({ entities: [], notice: null }),
    showDuplicate: assign({ notice: 'statistics:errors.alreadyInCompare' }),
    showFull: assign({ notice: 'statistics:compare.full' }),
    setParams: assign(({ context }, params: { date?: string; period?: number }) => ({ date: params.date ?? context.date, period: params.period ?? context.period })),
    setData: assign((_, params: { data: CompareAnswer }) => ({ data: params.data, error: null, missing: [] })),
    clearData: assign({ data: null, error: null, missing: [] }),
    setError: assign((_, params: { error: unknown }) => ({ error: errorCodeOf(params.error), missing: missingOf(params.error) })),
    /** Keeps the list for the next visit (localStorage; the view may provide another store). */
    persist: (_, params: { entities: CompareEntity[] }) => writeCompareList(params.entities),
  },
}).createMachine({
  id: 'compare',
  context: ({ input }) => ({ entities: input.entities, date: input.date, period: input.period, data: null, error: null, missing: [], notice: null }),
  initial: 'deciding',
  on: {
    'compare.add': [
      { guard: { type: 'isDuplicate', params: ({ event }) => ({ entity: event.entity }) }, actions: 'showDuplicate' },
      { guard: 'isFull', actions: 'showFull' },
      {
        target: '.deciding',
        actions: [
          { type: 'addEntity', params: ({ event }) => ({ entity: event.entity }) },
          { type: 'persist', params: ({ context }) => ({ entities: context.entities }) },
        ],
      },
    ],
    'compare.remove': {
      guard: { type: 'isListed', params: ({ event }) => ({ entity: event.entity }) },
      target: '.deciding',
      actions: [
        { type: 'removeEntity', params: ({ event }) => ({ entity: event.entity }) },
        { type: 'persist', params: ({ context }) => ({ entities: context.entities }) },
      ],
    },
    'compare.clear': {
      guard: 'hasEntities',
      target: '.deciding',
      actions: ['clearEntities', { type: 'persist', params: () => ({ entities: [] }) }],
    },
    'compare.params': { target: '.deciding', actions: { type: 'setParams', params: ({ event }) => ({ date: event.date, period: event.period }) } },
  },
  states: {
    deciding: {
      always: [{ guard: 'isEmpty', target: 'empty' }, { guard: 'paramsInvalid', target: 'invalid' }, { target: 'loading' }],
    },
    /** Nothing to compare yet: the pickers and an empty state. */
    empty: { entry: 'clearData' },
    /** The window cannot be asked for (no date, a period outside 1 to 744 hours): says which, loads nothing. */
    invalid: {},
    loading: {
      tags: ['loading'],
      invoke: {
        id: 'loadCompare',
        src: 'loadCompare',
        input: ({ context }) => ({ entities: context.entities.map(({ kind, id }) => ({ kind, id })), date: context.date, period: context.period }),
        onDone: { target: 'ready', actions: { type: 'setData', params: ({ event }) => ({ data: event.output }) } },
        onError: { target: 'failed', actions: { type: 'setError', params: ({ event }) => ({ error: event.error }) } },
      },
    },
    ready: {},
    /** "Error while getting statistics", with a retry. */
    failed: {
      on: { 'compare.retry': 'loading' },
    },
  },
});

export type CompareActor = ActorRefFrom<typeof compareMachine>;
