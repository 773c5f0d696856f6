import { useCallback, useEffect } from 'react';
import { useActorRef, useSelector } from '@xstate/react';
import { hierarchyMachine } from '../../machines/company/hierarchy.machine.ts';
import { selectError, selectFetchStatus } from '../../machines/fetchStatus.selectors.ts';

/** Companies, departments and offices, loaded together with the spec's fetch status; `reload` after every write. */
export function useHierarchy() {
  const actor = useActorRef(hierarchyMachine);
  const status = useSelector(actor, selectFetchStatus);
  const data = useSelector(actor, (s) => s.context.data);
  const error = useSelector(actor, selectError);
  const reload = useCallback(() => actor.send({ type: 'fetch.load' }), [actor]);
  useEffect(() => actor.send({ type: 'fetch.load' }), [actor]);
  return { status, data, error, reload };
}

export type HierarchyState = ReturnType<typeof useHierarchy>;
