import { groupDeleteMachine } from '../../../src/machines/groups/groupDelete.machine.ts';
import { ApiRequestError } from '../../../src/services/http.ts';
import { defineQa, done, error } from '../qa/catalogue.ts';

const ASK = 'press "Delete" on "Оператор"';
const CONFIRM = 'confirm "Are you sure you want to delete?"';
const CANCEL = 'press "Cancel" in the confirmation';
const DELETED = 'the server deletes it';
const REFUSED = 'the server refuses it';
const OFFLINE = 'the network is down during the delete';

/** Section 8: delete with the confirmation; "Successfully removed" / "Error while removing", and why a refusal happened. */
export default defineQa({
  machine: groupDeleteMachine,
  file: 'src/machines/groups/groupDelete.machine.ts',
  title: 'Deleting a group',
  actors: ['remove'],
  recorded: ['notify', 'notifyRefusal', 'deleted'],
  events: {
    [ASK]: { type: 'delete.ask', id: 4, name: 'Оператор' },
    [CONFIRM]: { type: 'delete.confirm' },
    [CANCEL]: { type: 'delete.cancel' },
    [DELETED]: done('remove', { ok: true }),
    [REFUSED]: done('remove', { ok: false, reason: 'cannotDeleteAdmin' }),
    [OFFLINE]: error('remove', new ApiRequestError({ status: 0, code: 'network_error', detail: '' })),
  },
  initial: { start: { to: 'idle', see: { asking: null, busy: false } } },
  expect: {
    idle: { [ASK]: { to: 'confirming', see: { asking: 'Оператор' } } },
    confirming: {
      [CONFIRM]: { to: 'deleting', see: { busy: true }, calls: ['remove: {"id":4}'] },
      [CANCEL]: { to: 'idle', see: { asking: null }, calls: [] },
    },
    deleting: {
      [DELETED]: { to: 'idle', see: { asking: null, busy: false }, calls: ['deleted', 'notify: {"key":"messages.removeSuccess","intent":"success"}'] },
      [REFUSED]: { to: 'idle', see: { asking: null }, calls: ['notifyRefusal: {"outcome":{"ok":false,"reason":"cannotDeleteAdmin"}}'] },
      [OFFLINE]: { to: 'idle', see: { asking: null }, calls: ['notify: {"key":"messages.removeError","intent":"error"}'] },
    },
  },
  view: (snapshot) => ({ asking: snapshot.context.target?.name ?? null, busy: snapshot.hasTag('busy') }),
});
