import type { AnyStateMachine } from 'xstate';
import { selectError, selectFetchStatus, selectIsLoading } from '../../../src/machines/fetchStatus.selectors.ts';
import { ApiRequestError } from '../../../src/services/http.ts';
import { defineQa, done, error, type QaCatalogue } from '../qa/catalogue.ts';

/**
 * The catalogue of a list made with `createFetchStatusMachine` (section 4's fetch status: initial, loading, updating,
 * complete, error): open it, ask for other params, the server answers or refuses.
 */
export function defineFetchQa(list: {
  machine: AnyStateMachine;
  file: string;
  title: string;
  open: { words: string; params?: unknown; calls: string };
  other: { words: string; params: unknown; calls: string };
  answer: { words: string; data: unknown; rows: number };
}): QaCatalogue {
  const FORBIDDEN = 'the server refuses (403 forbidden)';
  const OPEN = list.open.words;
  const OTHER = list.other.words;
  const ANSWER = list.answer.words;
  const open = list.open.params === undefined ? { type: 'fetch.load' } : { type: 'fetch.load', params: list.open.params };
  return defineQa({
    machine: list.machine,
    file: list.file,
    title: list.title,
    actors: ['load'],
    events: {
      [OPEN]: open as never,
      [OTHER]: { type: 'fetch.load', params: list.other.params } as never,
      [ANSWER]: done('load', list.answer.data),
      [FORBIDDEN]: error('load', new ApiRequestError({ status: 403, code: 'forbidden', detail: 'No.' })),
    },
    initial: { start: { to: 'initial', see: { status: 'initial', loading: false } } },
    expect: {
      initial: { [OPEN]: { to: 'loading', calls: [list.open.calls] }, [OTHER]: { to: 'loading', calls: [list.other.calls] } },
      loading: {
        [OPEN]: 'loading',
        [OTHER]: { to: 'loading', calls: [list.other.calls] },
        [ANSWER]: { to: 'complete', see: { rows: list.answer.rows, error: null, loading: false } },
        [FORBIDDEN]: { to: 'error', see: { error: 'forbidden' } },
      },
      updating: {
        [OPEN]: { to: 'updating', see: { loading: true } },
        [OTHER]: 'updating',
        [ANSWER]: { to: 'complete', see: { rows: list.answer.rows } },
        [FORBIDDEN]: { to: 'error', see: { error: 'forbidden' } },
      },
      complete: { [OPEN]: { to: 'updating', see: { rows: list.answer.rows, loading: true } }, [OTHER]: { to: 'updating', calls: [list.other.calls] } },
      error: { [OPEN]: { to: 'loading', see: { loading: true } }, [OTHER]: 'loading' },
    },
    view: (snapshot) => {
      const data = snapshot.context.data as { results?: unknown[] } | null;
      return {
        status: selectFetchStatus(snapshot),
        loading: selectIsLoading(snapshot),
        rows: data ? (data.results?.length ?? 1) : null,
        error: selectError(snapshot),
      };
    },
    key: (snapshot) => JSON.stringify([snapshot.value, snapshot.context.error, snapshot.context.data !== null, snapshot.context.params]),
  });
}
