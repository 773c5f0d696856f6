import type { AnyStateMachine } from 'xstate';
import { ApiRequestError } from '../../../src/services/http.ts';
import { defineQa, done, error, type QaCatalogue } from './catalogue.ts';
import { text } from './screen.ts';

const CONFIRM_DELETE = 'confirm "Are you sure you want to delete?"';
const CANCEL = 'press "Cancel" in the confirmation';
const SERVER_DELETES = 'the server deletes it';
const OFFLINE = 'the network is down during the delete';

/**
 * The catalogue of a delete-with-confirmation machine (src/machines/confirmDelete.ts): section 8, "Successfully
 * removed" / "Error while removing", and the refusal the server gives for this kind of record (`reason`, said as `refused`).
 */
export function confirmDeleteQa(options: {
  machine: AnyStateMachine;
  file: string;
  title: string;
  name: string;
  refused: string;
  reason: string;
  /** For the pages (see QaCatalogue): the list's route, who deletes, the record to prepare; the screen's namespace. */
  preconditions?: QaCatalogue['preconditions'];
  namespace?: string;
  /** What the list shows once the record is gone (its row leaves the list). */
  deletedScreen?: string[];
  /** The error toast of the refusal (`notifyRefusal`: the screen's message for `reason`). */
  refusedScreen?: string[];
  /** How a tester causes the refusal, or why the screen cannot (offScreen). */
  howTo?: QaCatalogue['howTo'];
  offScreen?: QaCatalogue['offScreen'];
  /** The machine reloads after a refused or failed delete too (`reloadAfterFailure`: the hierarchy screens). */
  reloadsAfterFailure?: boolean;
  /** What the screen shows after that reload (the list as the server holds it). */
  reloadedScreen?: string[];
  req?: QaCatalogue['req'];
  /**
   * A removal that is not called a delete (a reset to the defaults): the samples' words (ask, confirm, the server's
   * answer), the confirmation and its busy button as the screen shows them, and the machine's `messages` keys.
   */
  words?: { ask: string; confirm: string; deleted: string; dialog: string; busy: string };
  messages?: { success: string; error: string };
}) {
  const reload = options.reloadsAfterFailure ? ['reload'] : [];
  const reloaded = options.reloadsAfterFailure ? (options.reloadedScreen ?? ['the list loads again']) : [];
  const ask = options.words?.ask ?? `press "Delete" on "${options.name}"`;
  const CONFIRM = options.words?.confirm ?? CONFIRM_DELETE;
  const DELETED = options.words?.deleted ?? SERVER_DELETES;
  const messages = options.messages ?? { success: 'messages.removeSuccess', error: 'messages.removeError' };
  // The confirmation is the shared ConfirmDeleteDialog (src/views/common): its words are the same on every list.
  const dialog = options.words?.dialog ?? `the confirmation ${text('common:confirmDelete.title')} ${text('common:confirmDelete.text')} with the buttons ${text('common:actions.cancel')} and ${text('common:actions.delete')}`;
  const busy = options.words?.busy ?? `the confirmation's ${text('common:actions.delete')} shows a spinner; both buttons are disabled`;
  const gone = 'the confirmation closes';
  return defineQa({
    machine: options.machine,
    file: options.file,
    title: options.title,
    ...(options.preconditions ? { preconditions: options.preconditions } : {}),
    ...(options.namespace ? { namespace: options.namespace } : {}),
    howTo: { [OFFLINE]: 'in the devtools Network tab, choose "Offline" before pressing "Delete" in the confirmation', ...options.howTo },
    offScreen: {
      [ask]: { confirming: 'the confirmation covers the list', deleting: 'the confirmation covers the list' },
      [CONFIRM]: { idle: 'no confirmation is open', deleting: 'both buttons of the confirmation are disabled while deleting' },
      [CANCEL]: { idle: 'no confirmation is open', deleting: 'both buttons of the confirmation are disabled while deleting' },
      ...options.offScreen,
    },
    actors: ['remove'],
    ...(options.req ? { req: options.req } : {}),
    recorded: ['notify', 'notifyRefusal', 'deleted', ...reload],
    events: {
      [ask]: { type: 'delete.ask', id: 4, name: options.name },
      [CONFIRM]: { type: 'delete.confirm' },
      [CANCEL]: { type: 'delete.cancel' },
      [DELETED]: done('remove', { ok: true }),
      [options.refused]: done('remove', { ok: false, reason: options.reason }),
      [OFFLINE]: error('remove', new ApiRequestError({ status: 0, code: 'network_error', detail: '' })),
    },
    initial: { start: { to: 'idle', see: { asking: null, busy: false } } },
    expect: {
      idle: { [ask]: { to: 'confirming', see: { asking: options.name }, screen: [dialog] } },
      confirming: {
        [CONFIRM]: { to: 'deleting', see: { busy: true }, calls: ['remove: {"id":4}'], screen: [busy] },
        [CANCEL]: { to: 'idle', see: { asking: null }, calls: [], screen: [`${gone}; "${options.name}" stays in the list`] },
      },
      deleting: {
        [DELETED]: { to: 'idle', see: { asking: null, busy: false }, calls: ['deleted', `notify: {"key":"${messages.success}","intent":"success"}`], screen: [gone, ...(options.deletedScreen ?? [`"${options.name}" is gone from the list`])] },
        [options.refused]: { to: 'idle', see: { asking: null }, calls: [...reload, `notifyRefusal: {"outcome":{"ok":false,"reason":"${options.reason}"}}`], screen: [gone, ...(options.refusedScreen ?? []), ...reloaded, `"${options.name}" stays in the list`] },
        [OFFLINE]: { to: 'idle', see: { asking: null }, calls: [...reload, `notify: {"key":"${messages.error}","intent":"error"}`], screen: [gone, ...reloaded, `"${options.name}" stays in the list`] },
      },
    },
    view: (snapshot) => ({ asking: (snapshot.context as { target: { name: string } | null }).target?.name ?? null, busy: snapshot.hasTag('busy') }),
  });
}
