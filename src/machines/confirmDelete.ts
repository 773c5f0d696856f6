import { assign, fromPromise, setup } from 'xstate';

export type DeleteOutcome = { ok: true } | { ok: false; reason: string };

/** A write's outcome (services/writeOutcome.ts) as a delete's: a refusal's code is its reason. */
export const deleteOutcomeOf = (outcome: { ok: true } | { ok: false; code: string }): DeleteOutcome => (outcome.ok ? { ok: true } : { ok: false, reason: outcome.code });

export interface ConfirmDeleteContext {
  target: { id: number; name: string } | null;
}

export type ConfirmDeleteEvent = { type: 'delete.ask'; id: number; name: string } | { type: 'delete.confirm' } | { type: 'delete.cancel' };

/**
 * Delete with the spec's confirmation (idle -> confirming -> deleting -> idle), for any record (playlists, users, groups):
 * `remove` resolves `{ ok: false, reason }` for a refusal the user should read (`errors.<reason>`). The view provides
 * `notify` (an i18n key of its namespace) and `deleted` (reload the list). With `reloadAfterFailure`, a refused or
 * failed delete runs `reload` too (the record may be gone already: the hierarchy screens show what the server holds).
 * `messages` names other keys of the namespace for the success and the failure (a removal that is not called a delete,
 * such as resetting settings to the defaults).
 */
export function createConfirmDeleteMachine(
  id: string,
  remove: (id: number) => Promise<DeleteOutcome>,
  options: { reloadAfterFailure?: boolean; messages?: { success: string; error: string } } = {},
) {
  const afterFailure = options.reloadAfterFailure ? (['reload'] as const) : ([] as const);
  const messages = options.messages ?? { success: 'messages.removeSuccess', error: 'messages.removeError' };
  return setup({
    types: { context: {} as ConfirmDeleteContext, events: {} as ConfirmDeleteEvent },
    actors: {
      remove: fromPromise<DeleteOutcome, { id: number }>(({ input }) => remove(input.id)),
    },
    guards: {
      deleted: (_, params: { outcome: DeleteOutcome }) => params.outcome.ok,
    },
    actions: {
      setTarget: assign((_, params: { id: number; name: string }) => ({ target: params })),
      clearTarget: assign({ target: null }),
      notify: (_, _params: { key: string; intent: 'success' | 'error' }) => {},
      notifyRefusal: (_, _params: { outcome: DeleteOutcome }) => {},
      deleted: () => {},
      reload: () => {},
    },
  }).createMachine({
    id,
    context: { target: null },
    initial: 'idle',
    states: {
      idle: {
        on: { 'delete.ask': { target: 'confirming', actions: { type: 'setTarget', params: ({ event }) => ({ id: event.id, name: event.name }) } } },
      },
      confirming: {
        on: { 'delete.confirm': 'deleting', 'delete.cancel': { target: 'idle', actions: 'clearTarget' } },
      },
      deleting: {
        tags: ['busy'],
        invoke: {
          id: 'remove',
          src: 'remove',
          input: ({ context }) => ({ id: context.target!.id }),
          onDone: [
            {
              guard: { type: 'deleted', params: ({ event }) => ({ outcome: event.output }) },
              target: 'idle',
              actions: ['clearTarget', 'deleted', { type: 'notify', params: { key: messages.success, intent: 'success' } }],
            },
            { target: 'idle', actions: ['clearTarget', ...afterFailure, { type: 'notifyRefusal', params: ({ event }) => ({ outcome: event.output }) }] },
          ],
          onError: {
            target: 'idle',
            actions: ['clearTarget', ...afterFailure, { type: 'notify', params: { key: messages.error, intent: 'error' } }],
          },
        },
      },
    },
  });
}

/** Any machine the factory makes. */
export type ConfirmDeleteMachine = ReturnType<typeof createConfirmDeleteMachine>;
