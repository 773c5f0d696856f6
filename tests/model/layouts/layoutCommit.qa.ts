import { layoutCommitMachine } from '../../../src/machines/layouts/layoutCommit.machine.ts';
import { ApiRequestError } from '../../../src/services/http.ts';
import { defineQa, done, error } from '../qa/catalogue.ts';
import { text } from '../qa/screen.ts';

const COMMIT = 'press "Commit"';
const UPDATED = 'the server commits version 3';
const UP_TO_DATE = 'the server answers: nothing changed since version 2';
const OFFLINE = 'the network is down during the commit';
const REFUSED = "the server refuses: a zone's playlist is not committed";
const EDITED = 'the editor reloads: changed since version 2';
const RELOADED = 'the editor reloads: committed, version 2';
const CHECKED_CLEAR = 'the server says every screen of the layout can play its files';
const CHECKED_WARNING = 'the server says 1 screen cannot play "Poster.bmp"';
const CHECK_FAILS = 'the network is down during the check';
const CONFIRM = 'press "Commit anyway" in the confirmation';
const CANCEL = 'press "Cancel" in the confirmation';

const committedBadge = (version: number) => `the badge ${text('playlists:state.committed')} (its hint ${text('playlists:state.committedVersion', { version })})`;
const uncommittedBadge = `the badge ${text('playlists:state.uncommitted')} (its hint ${text('playlists:state.uncommittedHint', { version: 2 })})`;
const spinning = `${text('layouts:actions.commit')} turns into a spinner and is disabled`;
const ready = `${text('layouts:actions.commit')} is enabled again`;
const USER = 'admin (or a user with playlists edit rights)';
const checking = { to: 'checking', see: { busy: true }, calls: ['preflight: {"layoutId":7}'], screen: [spinning] };
const committingNow = { to: 'committing', see: { busy: true, preflight: null }, calls: ['commitLayout: {"layoutId":7}'], screen: [spinning] };
const dialog = (body: string) => [`the dialog ${text('layouts:commitConfirm.title')}: ${body}`, `the buttons ${text('layouts:commitConfirm.confirm')} and ${text('common:actions.cancel')}`];

/**
 * Issue 36: like playlists, a layout is a draft until committed; the playlist commit flow with the layouts' messages
 * ("Layout updated!", "already up to date", "updating error"), the check before it included (warnings before, not
 * after: GET /layouts/7/commit/preview/). Starts from what the editor loaded.
 */
export default defineQa({
  machine: layoutCommitMachine,
  file: 'src/machines/layouts/layoutCommit.machine.ts',
  title: 'Committing a layout',
  namespace: 'layouts',
  preconditions: {
    'an uncommitted layout': {
      route: '/layouts/7 (the layout\'s editor: its name on /layouts)',
      user: USER,
      data: `layout 7, committed once (version 2), then a zone moved and "Save changes" pressed: ${uncommittedBadge}`,
    },
    'a committed layout': { route: '/layouts/7', user: USER, data: `layout 7, committed as version 2 and unchanged since: ${committedBadge(2)}` },
  },
  howTo: {
    [UPDATED]: 'wait: the server answers the commit (a change was saved since version 2)',
    [UP_TO_DATE]: 'press "Commit" on a layout committed and unchanged since',
    [REFUSED]: 'put a playlist that was never committed into a zone, save, then press "Commit"',
    [OFFLINE]: 'in the devtools Network tab, block the request URL /api/v1/layouts/7/commit/ before pressing "Commit"',
    [EDITED]: 'move a zone and press "Save changes" (or do it in another tab and reload this one)',
    [RELOADED]: 'commit layout 7 in another tab, then reload this one',
    [CHECKED_WARNING]: 'put a BMP picture Poster.bmp into a zone of a layout a published event plays on a Raspberry Pi (tvpi) screen, save, then press "Commit"',
    [CHECK_FAILS]: 'in the devtools Network tab, block the request URL /api/v1/layouts/7/commit/preview/ before pressing "Commit"',
  },
  offScreen: {
    [COMMIT]: {
      committing: `${text('layouts:actions.commit')} is disabled while the server commits`,
      checking: `${text('layouts:actions.commit')} is disabled while the server checks`,
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
  actors: ['commitLayout', 'preflight'],
  recorded: ['notify'],
  starts: {
    'an uncommitted layout': () => ({ layoutId: 7, committed: false, version: 2 }),
    'a committed layout': () => ({ layoutId: 7, committed: true, version: 2 }),
  },
  events: {
    [COMMIT]: { type: 'commit.start' },
    [UPDATED]: done('commitLayout', { changed: true, version: 3 }),
    [UP_TO_DATE]: done('commitLayout', { changed: false, version: 2 }),
    [OFFLINE]: error('commitLayout', new ApiRequestError({ status: 0, code: 'network_error', detail: '' })),
    [REFUSED]: error('commitLayout', new ApiRequestError({ status: 409, code: 'uncommitted_playlists', detail: '' })),
    [EDITED]: { type: 'commit.sync', committed: false, version: 2 },
    [RELOADED]: { type: 'commit.sync', committed: true, version: 2 },
    [CHECKED_CLEAR]: done('preflight', { devices: 2, warnings: [] }),
    [CHECKED_WARNING]: done('preflight', { devices: 2, warnings: [{ media: 5, name: 'Poster.bmp', devices: 1, reason: 'cannot_play', screens: ['Lobby'] }] }),
    [CHECK_FAILS]: error('preflight', new ApiRequestError({ status: 0, code: 'network_error', detail: '' })),
    [CONFIRM]: { type: 'commit.confirm' },
    [CANCEL]: { type: 'commit.cancel' },
  },
  initial: {
    'an uncommitted layout': { to: 'uncommitted', see: { version: 2, busy: false } },
    'a committed layout': { to: 'committed', see: { version: 2, busy: false } },
  },
  expect: {
    uncommitted: {
      // The server is asked first what the commit would leave unplayable (as for playlists).
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
      [CHECK_FAILS]: { to: 'confirming', see: { busy: false, preflight: 'failed' }, screen: dialog(text('layouts:commitConfirm.failed')) },
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
      [REFUSED]: {
        to: 'failed',
        see: { error: 'uncommitted_playlists', busy: false },
        calls: ['notify: {"key":"messages.commitError","intent":"error"}'],
        screen: [`the line ${text('layouts:errors.uncommitted_playlists')}`, ready],
      },
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
