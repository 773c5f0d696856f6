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

const committedBadge = (version: number) => `the badge ${text('playlists:state.committed')} (its hint ${text('playlists:state.committedVersion', { version })})`;
const uncommittedBadge = `the badge ${text('playlists:state.uncommitted')} (its hint ${text('playlists:state.uncommittedHint', { version: 2 })})`;
const spinning = `${text('layouts:actions.commit')} turns into a spinner and is disabled`;
const ready = `${text('layouts:actions.commit')} is enabled again`;
const USER = 'admin (or a user with playlists edit rights)';

/**
 * Issue 36: like playlists, a layout is a draft until committed; the playlist commit flow with the layouts' messages
 * ("Layout updated!", "already up to date", "updating error"). Starts from what the editor loaded.
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
  },
  offScreen: {
    [COMMIT]: { committing: `${text('layouts:actions.commit')} is disabled while the server commits` },
    [EDITED]: { committing: '"Save changes" waits: the editor does not reload while the server commits' },
    [RELOADED]: { committing: 'the page does not reload while the server commits' },
  },
  actors: ['commitLayout'],
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
  },
  initial: {
    'an uncommitted layout': { to: 'uncommitted', see: { version: 2, busy: false } },
    'a committed layout': { to: 'committed', see: { version: 2, busy: false } },
  },
  expect: {
    uncommitted: {
      [COMMIT]: { to: 'committing', see: { busy: true }, calls: ['commitLayout: {"layoutId":7}'], screen: [spinning] },
      [EDITED]: 'uncommitted',
      [RELOADED]: { to: 'committed', see: { version: 2 }, screen: [committedBadge(2)] },
    },
    committed: {
      // Committing again asks the server, which says whether anything changed.
      [COMMIT]: { to: 'committing', see: { busy: true }, calls: ['commitLayout: {"layoutId":7}'], screen: [spinning] },
      [EDITED]: { to: 'uncommitted', see: { version: 2 }, screen: [uncommittedBadge] },
      [RELOADED]: 'committed',
    },
    failed: {
      [COMMIT]: { to: 'committing', calls: ['commitLayout: {"layoutId":7}'], screen: [spinning] },
      [EDITED]: { to: 'uncommitted', see: { error: null }, screen: [uncommittedBadge] },
      [RELOADED]: { to: 'committed', see: { error: null }, screen: [committedBadge(2)] },
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
  view: (snapshot) => ({ version: snapshot.context.version, busy: snapshot.hasTag('busy'), error: snapshot.context.error }),
});
