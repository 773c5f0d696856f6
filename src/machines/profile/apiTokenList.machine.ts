import { fromPromise } from 'xstate';
import { createFetchStatusMachine } from '../fetchStatus.machine.ts';
import { listApiTokens, type ApiToken } from '../../services/apiTokens.service.ts';

/** The signed-in user's API tokens on /profile, in one fetch status. */
export const apiTokenListMachine = createFetchStatusMachine<ApiToken[], null>(null).provide({
  actors: { load: fromPromise(async () => listApiTokens()) },
});
