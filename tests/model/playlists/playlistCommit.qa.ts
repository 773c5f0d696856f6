import { playlistCommitMachine } from '../../../src/machines/playlists/playlistCommit.machine.ts';
import { ApiRequestError } from '../../../src/services/http.ts';
import { defineQa, done, error } from '../qa/catalogue.ts';
import { text } from '../qa/screen.ts';

const COMMIT = 'press "Commit"';
const UPDATED = 'the server commits version 3';
const UP_TO_DATE = 'the server answers: nothing changed since version 2';
const OFFLINE = 'the network is down during the commit';
const EDITED = 'the editor reloads: changed since version 2';
const RELOADED = 'the editor reloads: committed, version 2';
const CHECKED_CLEAR = 'the server says every screen of the playlist can play its tracks';
const CHECKED_WARNING = 'the server says 1 screen cannot play "Poster.bmp"';
const CHECK_FAILS = 'the network is down during the check';
const CONFIRM = 'press "Commit anyway" in the confirmation';
const CANCEL = 'press "Cancel" in the confirmation';

const committedBadge = (version: number) => `the badge ${text('playlists:state.committed')} (its hint ${text('playlists:state.committedVersion', { version })})`;
const uncommittedBadge = `the badge ${text('playlists:state.uncommitted')} (its hint ${text('playlists:state.uncommittedHint', { version: 2 })})`;
const spinning = `${text('playlists:actions.commit')} turns into a spinner and is disabled`;
const ready = `${text('playlists:actions.commit')} is enabled again`;
const USER = 'admin (or a user with playlists edit rights)';
const checking = { to: 'checking', see: { busy: true }, calls: ['preflight: {"playlistId":7}'], screen: [spinning] };
const committingNow = { to: 'committing', see: { busy: true, preflight: null }, calls: ['commitPlaylist: {"playlistId":7}'], screen: [spinning] };
const dialog = (body: string) => [`the dialog ${text('playlists:commitConfirm.title')}: ${body}`, `the buttons ${text('playlists:commitConfirm.confirm')} and ${text('common:actions.cancel')}`];

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
  preconditions: {
    'an uncommitted playlist': {
      route: '/playlists/7 (the playlist\'s own page, from "Open" on /playlists)',
      user: USER,
      data: `playlist 7, committed once (version 2), then a track added and "Save changes" pressed: ${uncommittedBadge}`,
    },
    'a committed playlist': { route: '/playlists/7', user: USER, data: `playlist 7, committed as version 2 and unchanged since: ${committedBadge(2)}` },
  },
  howTo: {
    [UPDATED]: 'wait: the server answers the commit (a change was saved since version 2)',
    [UP_TO_DATE]: 'press "Commit" on a playlist committed and unchanged since',
    [OFFLINE]: 'in the devtools Network tab, block the request URL /api/v1/media/play_lists/7/commit/ before pressing "Commit"',
    [EDITED]: 'change a track and press "Save changes" (or do it in another tab and reload this one)',
    [RELOADED]: 'commit playlist 7 in another tab, then reload this one',
    [CHECKED_WARNING]: 'add a BMP picture Poster.bmp to a playlist a published event plays on a Raspberry Pi (tvpi) screen, save, then press "Commit"',
    [CHECK_FAILS]: 'in the devtools Network tab, block the request URL /api/v1/media/play_lists/7/commit/preview/ before pressing "Commit"',
  },
  offScreen: {
    [COMMIT]: {
      committing: `${text('playlists:actions.commit')} is disabled while the server commits`,
      checking: `${text('playlists:actions.commit')} is disabled while the server checks`,
      confirming: 'the commit confirmation covers the page',
    },
    [EDITED]: {
      committing: '"Save changes" waits: the editor does not reload while the server commits',
      checking: '"Save changes" waits: the editor does not reload while the server checks',
      confirming: 'the commit confirmation covers the editor',
    },
    [RELOADED]: {
      committing: 'the page does not reload while the server commits',
      checking: 'the page does not reload while the server checks',
      confirming: 'the page does not reload under the confirmation',
    },
    [CONFIRM]: (view) => (view.preflight ? undefined : 'no commit confirmation is open'),
    [CANCEL]: (view) => (view.preflight ? undefined : 'no commit confirmation is open'),
  },
  actors: ['commitPlaylist', 'preflight'],
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
    [CHECKED_CLEAR]: done('preflight', { devices: 2, warnings: [] }),
    [CHECKED_WARNING]: done('preflight', { devices: 2, warnings: [{ media: 5, name: 'Poster.bmp', devices: 1, reason: 'cannot_play', screens: ['Lobby'] }] }),
    [CHECK_FAILS]: error('preflight', new ApiRequestError({ status: 0, code: 'network_error', detail: '' })),
    [CONFIRM]: { type: 'commit.confirm' },
    [CANCEL]: { type: 'commit.cancel' },
  },
  initial: {
    'an uncommitted playlist': { to: 'uncommitted', see: { version: 2, busy: false } },
    'a committed playlist': { to: 'committed', see: { version: 2, busy: false } },
  },
  expect: {
    uncommitted: {
      // Warnings before, not after (issue 35): the server is asked first what the commit would leave unplayable.
      [COMMIT]: checking,
      [EDITED]: 'uncommitted',
      [RELOADED]: { to: 'committed', see: { version: 2 }, screen: [committedBadge(2)] },
    },
    committed: {
      // Committing again asks the server, which says whether anything changed (after the check).
      [COMMIT]: checking,
      [EDITED]: { to: 'uncommitted', see: { version: 2 }, screen: [uncommittedBadge] },
      [RELOADED]: 'committed',
    },
    failed: {
      [COMMIT]: checking,
      [EDITED]: { to: 'uncommitted', see: { error: null }, screen: [uncommittedBadge] },
      [RELOADED]: { to: 'committed', see: { error: null }, screen: [committedBadge(2)] },
    },
    checking: {
      [CHECKED_CLEAR]: committingNow,
      [CHECKED_WARNING]: {
        to: 'confirming',
        see: { busy: false, preflight: ['Poster.bmp: 1 cannot_play (Lobby)'] },
        screen: dialog(`${text('common:preflight.warning.cannot_play_one', { count: 1, name: 'Poster.bmp' })}, ${text('common:preflight.screens', { names: 'Lobby' })}`),
      },
      [CHECK_FAILS]: { to: 'confirming', see: { busy: false, preflight: 'failed' }, screen: dialog(text('playlists:commitConfirm.failed')) },
      [EDITED]: 'checking',
      [RELOADED]: 'checking',
    },
    confirming: {
      [CONFIRM]: committingNow,
      // Back where Commit was pressed: nothing is committed.
      [CANCEL]: (context: { committedBefore: boolean; version: number }) => ({
        to: context.committedBefore ? 'committed' : 'uncommitted',
        see: { preflight: null, busy: false },
        calls: [],
        screen: ['the dialog closes; nothing is committed', context.committedBefore ? committedBadge(context.version) : uncommittedBadge],
      }),
      [EDITED]: 'confirming',
      [RELOADED]: 'confirming',
    },
    committing: {
      [UPDATED]: { to: 'committed', see: { version: 3, busy: false }, calls: ['notify: {"key":"messages.commitUpdated","intent":"success"}'], screen: [committedBadge(3), ready] },
      [UP_TO_DATE]: { to: 'committed', see: { version: 2 }, calls: ['notify: {"key":"messages.commitUpToDate","intent":"info"}'], screen: [committedBadge(2), ready] },
      [OFFLINE]: { to: 'failed', see: { error: 'network_error', busy: false }, calls: ['notify: {"key":"messages.commitError","intent":"error"}'], screen: [ready] },
      // A reload while the server commits does not move the flow.
      [EDITED]: 'committing',
      [RELOADED]: 'committing',
    },
  },
  view: (snapshot) => ({
    version: snapshot.context.version,
    busy: snapshot.hasTag('busy'),
    error: snapshot.context.error,
    preflight:
      snapshot.context.preflight === null
        ? null
        : snapshot.context.preflight.failed
          ? 'failed'
          : snapshot.context.preflight.warnings.map((warning) => `${warning.name}: ${warning.devices} ${warning.reason} (${(warning.screens ?? []).join(', ')})`),
  }),
});
