import { fromPromise } from 'xstate';
import { createFetchStatusMachine } from '../fetchStatus.machine.ts';
import { listUsers } from '../../services/users.service.ts';
import type { PageOf } from '../../services/schemas/common.ts';
import type { User } from '../../services/schemas/users.ts';

export interface UserListParams {
  page: number;
}

/** The users list (/users, administrator only): the spec's fetch status over GET /users/. */
export const userListMachine = createFetchStatusMachine<PageOf<User>, UserListParams>({ page: 1 }).provide({
  actors: { load: fromPromise(({ input }) => listUsers({ page: input.params.page, page_size: 500 })) },
});
