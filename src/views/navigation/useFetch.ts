import { useCallback, useEffect, useRef } from 'react';
import { useActorRef, useSelector } from '@xstate/react';
import type { createFetchStatusMachine } from '../../machines/fetchStatus.machine.ts';
import { selectData, selectError, selectIsLoading } from '../../machines/fetchStatus.selectors.ts';

/** A named fetch-status machine of src/machines (its catalogue says what its screen shows). */
export type FetchMachine<T, P> = ReturnType<typeof createFetchStatusMachine<T, P>>;

/** Runs a named fetch-status machine, loading whenever `params` changes (null: nothing to load). */
export function useFetch<T, P>(machine: FetchMachine<T, P>, params: P | null) {
  const actor = useActorRef(machine);
  // reload() reads the current params: a callback kept from an earlier render (a dialog's onDone) reloads what is shown now.
  const current = useRef(params);
  current.current = params;
  const key = JSON.stringify(params);
  useEffect(() => {
    if (params !== null) actor.send({ type: 'fetch.load', params });
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [actor, key]);
  const data = useSelector(actor, (s) => selectData(s) as T | null);
  const error = useSelector(actor, selectError);
  const loading = useSelector(actor, selectIsLoading);
  const reload = useCallback(() => {
    if (current.current !== null) actor.send({ type: 'fetch.load', params: current.current });
  }, [actor]);
  return { data, error, loading, reload };
}

/** The value of a Fluent token (`var(--name)`) as the canvas needs it, read from the themed element. */
export function tokenValue(element: Element | null, token: string): string {
  const name = /var\((--[^),]+)/.exec(token)?.[1];
  if (!element || !name) return token;
  return getComputedStyle(element).getPropertyValue(name).trim() || token;
}
