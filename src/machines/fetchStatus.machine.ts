import { assign, fromPromise, setup } from 'xstate';
import { ApiRequestError } from '../services/http.ts';

export type FetchStatus = 'initial' | 'loading' | 'updating' | 'complete' | 'error';

export interface FetchContext<TData = unknown, TParams = unknown> {
  data: TData | null;
  /** ApiRequestError code ('network_error' for anything else); views translate it. */
  error: string | null;
  params: TParams;
}

export type FetchEvent<TParams = unknown> = { type: 'fetch.load'; params?: TParams };

export interface FetchInput<TParams = unknown> {
  params: TParams;
}

/** The error code a failed load leaves in context. */
export function errorCodeOf(error: unknown): string {
  return error instanceof ApiRequestError ? error.code : 'network_error';
}

/**
 * The fetch status of loaded data (spec section 4): the first load goes to loading, a reload after
 * completion to updating, success to complete, failure to error. A `fetch.load` while loading restarts
 * the load with the new params. Provide the `load` actor: `.provide({ actors: { load: fromPromise(...) } })`.
 */
export function createFetchStatusMachine<TData = unknown, TParams = unknown>(initialParams?: TParams) {
  return setup({
    types: {
      context: {} as FetchContext<TData, TParams>,
      events: {} as FetchEvent<TParams>,
    },
    actors: {
      load: fromPromise<TData, FetchInput<TParams>>(() => Promise.reject(new Error('The load actor was not provided'))),
    },
    actions: {
      setParams: assign(({ context }, params: { params: TParams | undefined }) => ({
        params: params.params === undefined ? context.params : params.params,
      })),
      setData: assign((_, params: { data: TData }) => ({ data: params.data, error: null })),
      setError: assign((_, params: { error: unknown }) => ({ error: errorCodeOf(params.error) })),
    },
  }).createMachine({
    id: 'fetchStatus',
    context: { data: null, error: null, params: initialParams as TParams },
    initial: 'initial',
    states: {
      initial: {
        on: { 'fetch.load': { target: 'loading', actions: { type: 'setParams', params: ({ event }) => ({ params: event.params }) } } },
      },
      loading: {
        tags: ['loading'],
        invoke: {
          id: 'load',
          src: 'load',
          input: ({ context }) => ({ params: context.params }),
          onDone: { target: 'complete', actions: { type: 'setData', params: ({ event }) => ({ data: event.output }) } },
          onError: { target: 'error', actions: { type: 'setError', params: ({ event }) => ({ error: event.error }) } },
        },
        on: {
          'fetch.load': {
            target: 'loading',
            reenter: true,
            actions: { type: 'setParams', params: ({ event }) => ({ params: event.params }) },
          },
        },
      },
      updating: {
        tags: ['loading'],
        invoke: {
          id: 'load',
          src: 'load',
          input: ({ context }) => ({ params: context.params }),
          onDone: { target: 'complete', actions: { type: 'setData', params: ({ event }) => ({ data: event.output }) } },
          onError: { target: 'error', actions: { type: 'setError', params: ({ event }) => ({ error: event.error }) } },
        },
        on: {
          'fetch.load': {
            target: 'updating',
            reenter: true,
            actions: { type: 'setParams', params: ({ event }) => ({ params: event.params }) },
          },
        },
      },
      complete: {
        on: { 'fetch.load': { target: 'updating', actions: { type: 'setParams', params: ({ event }) => ({ params: event.params }) } } },
      },
      error: {
        on: { 'fetch.load': { target: 'loading', actions: { type: 'setParams', params: ({ event }) => ({ params: event.params }) } } },
      },
    },
  });
}

/**
 * The untyped fetch-status machine. Its `load` is typed loosely (`any`) so that any
 * `fromPromise<T, { params }>` can be provided; `createFetchStatusMachine<TData, TParams>()` gives typed context.
 */
export const fetchStatusMachine = createFetchStatusMachine<any, any>();
