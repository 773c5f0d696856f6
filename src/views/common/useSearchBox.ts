import { useMemo, useRef } from 'react';
import { useActorRef, useSelector } from '@xstate/react';
import { searchDebounceMachine } from '../../machines/searchDebounce.machine.ts';

/**
 * The search box of a list screen on the search debounce machine (machines/searchDebounce): the text it holds and
 * what to call on a change; `onSearch` runs with the text once typing pauses (300 ms).
 */
export function useSearchBox(onSearch: (search: string) => void): { text: string; type: (text: string) => void } {
  // The actor is created once; it reaches the current onSearch through this ref.
  const current = useRef(onSearch);
  current.current = onSearch;
  const logic = useMemo(() => searchDebounceMachine.provide({ actions: { search: (_, params) => current.current(params.search) } }), []);
  const box = useActorRef(logic);
  const text = useSelector(box, (snapshot) => snapshot.context.typed);
  return useMemo(() => ({ text, type: (next: string) => box.send({ type: 'search.type', text: next }) }), [text, box]);
}
