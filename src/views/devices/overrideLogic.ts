import { fromPromise } from 'xstate';
import { optionSearchMachine } from '../../machines/scheduler/optionSearch.machine.ts';
import { searchOverrideChoices } from '../../services/overrideChoices.service.ts';

/** The override start dialog's media and playlist pickers: the scheduler's option search, on the caller's files. */
export const overrideChoiceSearchLogic = optionSearchMachine.provide({
  actors: { search: fromPromise(({ input }) => searchOverrideChoices(input)) },
});
