import { playlistCommitMachine } from '../../../src/machines/playlists/playlistCommit.machine.ts';
import { ApiRequestError } from '../../../src/services/http.ts';
import { defineQa, done, error } from '../qa/catalogue.ts';

const COMMIT = 'press "Commit"';
const UPDATED = 'the server commits version 3';
const UP_TO_DATE = 'the server answers: nothing changed since version 2';
const OFFLINE = 'the network is down during the commit';
const EDITED = 'the editor reloads: changed since version 2';
const RELOADED = 'the editor reloads: committed, version 2';

/**
 * Section 4, "Playlist": uncommitted to committed through Commit, with section 8's messages
 * ("Playlist updated!", "already up to date", "updating error"). Starts from what the editor loaded.
 */
export default defineQa({
  machine: playlistCommitMachine,
  file: 'src/machines/playlists/playlistCommit.machine.ts',
  title: 'Committing a playlist',
  req: { [COMMIT]: ['S4.3-1'], [UPDATED]: ['S4.3-1', 'S8.2-16'], [UP_TO_DATE]: ['S8.2-16'], [OFFLINE]: ['S8.2-16'] },
  namespace: 'playlists',
  actors: ['commitPlaylist'],
  recorded: ['notify'],
  starts: {
    'an uncommitted playlist': () => ({ playlistId: 7, committed: false, version: 2 }),
    'a committed playlist': () => ({ playlistId: 7, committed: true, version: 2 }),
  },
  events: {
    [COMMIT]: { type: 'commit.start' },
    [UPDATED]: done('commitPlaylist', { changed: true, version: 3 }),
    [UP_TO_DATE]: done('commitPlaylist', { changed: false, version: 2 }),
    [OFFLINE]: error('commitPlaylist', new ApiRequestError({ status: 0, code: 'network_error', detail: '' })),
    [EDITED]: { type: 'commit.sync', committed: false, version: 2 },
    [RELOADED]: { type: 'commit.sync', committed: true, version: 2 },
  },
  initial: {
    'an uncommitted playlist': { to: 'uncommitted', see: { version: 2, busy: false } },
    'a committed playlist': { to: 'committed', see: { version: 2, busy: false } },
  },
  expect: {
    uncommitted: {
      [COMMIT]: { to: 'committing', see: { busy: true }, calls: ['commitPlaylist: {"playlistId":7}'] },
      [EDITED]: 'uncommitted',
      [RELOADED]: { to: 'committed', see: { version: 2 } },
    },
    committed: {
      // Committing again asks the server, which says whether anything changed.
      [COMMIT]: { to: 'committing', see: { busy: true }, calls: ['commitPlaylist: {"playlistId":7}'] },
      [EDITED]: { to: 'uncommitted', see: { version: 2 } },
      [RELOADED]: 'committed',
    },
    failed: {
      [COMMIT]: { to: 'committing', calls: ['commitPlaylist: {"playlistId":7}'] },
      [EDITED]: { to: 'uncommitted', see: { error: null } },
      [RELOADED]: { to: 'committed', see: { error: null } },
    },
    committing: {
      [UPDATED]: { to: 'committed', see: { version: 3, busy: false }, calls: ['notify: {"key":"messages.commitUpdated","intent":"success"}'] },
      [UP_TO_DATE]: { to: 'committed', see: { version: 2 }, calls: ['notify: {"key":"messages.commitUpToDate","intent":"info"}'] },
      [OFFLINE]: { to: 'failed', see: { error: 'network_error', busy: false }, calls: ['notify: {"key":"messages.commitError","intent":"error"}'] },
      // A reload while the server commits does not move the flow.
      [EDITED]: 'committing',
      [RELOADED]: 'committing',
    },
  },
  view: (snapshot) => ({ version: snapshot.context.version, busy: snapshot.hasTag('busy'), error: snapshot.context.error }),
});
