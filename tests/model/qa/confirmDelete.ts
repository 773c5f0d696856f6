import type { AnyStateMachine } from 'xstate';
import { ApiRequestError } from '../../../src/services/http.ts';
import { defineQa, done, error } from './catalogue.ts';

const CONFIRM = 'confirm "Are you sure you want to delete?"';
const CANCEL = 'press "Cancel" in the confirmation';
const DELETED = 'the server deletes it';
const OFFLINE = 'the network is down during the delete';

/**
 * The catalogue of a delete-with-confirmation machine (src/machines/confirmDelete.ts): section 8, "Successfully
 * removed" / "Error while removing", and the refusal the server gives for this kind of record (`reason`, said as `refused`).
 */
export function confirmDeleteQa(options: { machine: AnyStateMachine; file: string; title: string; name: string; refused: string; reason: string }) {
  const ask = `press "Delete" on "${options.name}"`;
  return defineQa({
    machine: options.machine,
    file: options.file,
    title: options.title,
    actors: ['remove'],
    recorded: ['notify', 'notifyRefusal', 'deleted'],
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
      idle: { [ask]: { to: 'confirming', see: { asking: options.name } } },
      confirming: {
        [CONFIRM]: { to: 'deleting', see: { busy: true }, calls: ['remove: {"id":4}'] },
        [CANCEL]: { to: 'idle', see: { asking: null }, calls: [] },
      },
      deleting: {
        [DELETED]: { to: 'idle', see: { asking: null, busy: false }, calls: ['deleted', 'notify: {"key":"messages.removeSuccess","intent":"success"}'] },
        [options.refused]: { to: 'idle', see: { asking: null }, calls: [`notifyRefusal: {"outcome":{"ok":false,"reason":"${options.reason}"}}`] },
        [OFFLINE]: { to: 'idle', see: { asking: null }, calls: ['notify: {"key":"messages.removeError","intent":"error"}'] },
      },
    },
    view: (snapshot) => ({ asking: (snapshot.context as { target: { name: string } | null }).target?.name ?? null, busy: snapshot.hasTag('busy') }),
  });
}
