import { playlistDeleteMachine } from '../../../src/machines/playlists/playlistDelete.machine.ts';
import { ApiRequestError } from '../../../src/services/http.ts';
import { defineQa, done, error } from '../qa/catalogue.ts';

const ASK = 'press "Delete" on the playlist "Morning"';
const CONFIRM = 'confirm "Are you sure you want to delete?"';
const CANCEL = 'press "Cancel" in the confirmation';
const DELETED = 'the server deletes it';
const IN_USE = 'the server refuses: a campaign uses it';
const OFFLINE = 'the network is down during the delete';

/** Section 8: delete with the confirmation; "Successfully removed" / "Error while removing", and why a used playlist stays. */
export default defineQa({
  machine: playlistDeleteMachine,
  file: 'src/machines/playlists/playlistDelete.machine.ts',
  title: 'Deleting a playlist',
  actors: ['deletePlaylist'],
  recorded: ['notify', 'deleted'],
  events: {
    [ASK]: { type: 'delete.ask', id: 4, name: 'Morning' },
    [CONFIRM]: { type: 'delete.confirm' },
    [CANCEL]: { type: 'delete.cancel' },
    [DELETED]: done('deletePlaylist', { ok: true }),
    [IN_USE]: done('deletePlaylist', { ok: false, reason: 'playlist_in_use' }),
    [OFFLINE]: error('deletePlaylist', new ApiRequestError({ status: 0, code: 'network_error', detail: '' })),
  },
  initial: { start: { to: 'idle', see: { asking: null, busy: false } } },
  expect: {
    idle: { [ASK]: { to: 'confirming', see: { asking: 'Morning' } } },
    confirming: {
      [CONFIRM]: { to: 'deleting', see: { busy: true }, calls: ['deletePlaylist: {"id":4}'] },
      [CANCEL]: { to: 'idle', see: { asking: null }, calls: [] },
    },
    deleting: {
      [DELETED]: { to: 'idle', see: { asking: null, busy: false }, calls: ['deleted', 'notify: {"key":"messages.removeSuccess","intent":"success"}'] },
      [IN_USE]: { to: 'idle', see: { asking: null }, calls: ['notify: {"key":"errors.playlist_in_use","intent":"error"}'] },
      [OFFLINE]: { to: 'idle', see: { asking: null }, calls: ['notify: {"key":"messages.removeError","intent":"error"}'] },
    },
  },
  view: (snapshot) => ({ asking: snapshot.context.target?.name ?? null, busy: snapshot.hasTag('busy') }),
});
