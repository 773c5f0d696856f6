import { leaveGuardMachine } from '../../src/machines/leaveGuard.machine.ts';
import { defineQa } from './qa/catalogue.ts';
import { text } from './qa/screen.ts';

const CHANGE = 'change the order of the playlist (not saved)';
const SAVED = 'press "Save" and the server saves the playlist';
const FOLLOW_LINK = 'follow a link to another page (Devices in the menu)';
const STAY = 'answer "Stay" to the leave question';
const DISMISS = 'press Escape on the leave question';
const LEAVE = 'answer "Leave" to the leave question';

// The playlist editor (src/views/playlists/PlaylistScreen.tsx): "Save changes" and the notice under the tracks.
const SAVE = text('playlists:actions.save');
const NOTICE = text('playlists:editor.dirty');
const changed = (context: { dirty: boolean }) => ({
  see: { dirty: true },
  screen: [context.dirty ? `the tracks in the new order; ${NOTICE} stays` : `the tracks in the new order; ${NOTICE} appears under the buttons and ${SAVE} is enabled`],
});
const saved = (context: { dirty: boolean }) => ({
  see: { dirty: false },
  screen: [context.dirty ? `a success toast ${text('playlists:messages.saveSuccess')}; ${NOTICE} goes away and ${SAVE} is disabled` : `a success toast ${text('playlists:messages.saveSuccess')}; nothing else changes (nothing was unsaved)`],
});
const question = [`the question ${text('playlists:leave.title')}: ${text('playlists:leave.text')}, with ${text('playlists:leave.stay')} and ${text('playlists:leave.leave')}`];

/**
 * The leave question of every guarded screen (common/LeaveGuard.tsx): the playlist editor, campaign devices, the
 * scheduler (unpublished events), device configs and a running upload ask the same way; the playlist editor's words
 * stand for all of them here.
 */
export default defineQa({
  machine: leaveGuardMachine,
  file: 'src/machines/leaveGuard.machine.ts',
  title: 'The leave question of a screen with unsaved work',
  namespace: 'playlists',
  preconditions: {
    'nothing changed yet': { route: '/playlists/<id>', user: 'admin (or a user with playlists edit rights)', data: 'a playlist with two media' },
    'unsaved changes': { route: '/playlists/<id>', user: 'admin (or a user with playlists edit rights)', data: 'a playlist with two media; drag the second above the first, do not save' },
  },
  howTo: {
    [CHANGE]: 'drag a track by its handle above the one before it',
    [SAVED]: `press ${SAVE}; nothing to prepare: the server accepts the playlist`,
    [FOLLOW_LINK]: 'press Devices, then Devices list in the sidebar',
    [STAY]: `press ${text('playlists:leave.stay')}`,
    [LEAVE]: `press ${text('playlists:leave.leave')}`,
  },
  onScreen: { proceed: 'the page the link leads to', stay: 'the playlist editor, the changes still there' },
  actors: [],
  recorded: ['stay', 'proceed'],
  starts: {
    'nothing changed yet': () => ({ dirty: false }),
    'unsaved changes': () => ({ dirty: true }),
  },
  events: {
    [CHANGE]: { type: 'leave.changes', dirty: true },
    [SAVED]: { type: 'leave.changes', dirty: false },
    [FOLLOW_LINK]: { type: 'leave.blocked' },
    [STAY]: { type: 'leave.stay' },
    [DISMISS]: { type: 'leave.stay' },
    [LEAVE]: { type: 'leave.leave' },
  },
  offScreen: {
    [STAY]: { watching: 'no question is shown' },
    [DISMISS]: { watching: 'no question is shown' },
    [LEAVE]: { watching: 'no question is shown' },
    [CHANGE]: { asking: 'the question covers the screen' },
    [SAVED]: { asking: 'the question covers the screen' },
  },
  initial: {
    'nothing changed yet': { to: 'watching', see: { asking: false, dirty: false } },
    'unsaved changes': { to: 'watching', see: { asking: false, dirty: true } },
  },
  expect: {
    '': {
      [CHANGE]: changed,
      [SAVED]: saved,
    },
    watching: {
      // Dirty: the navigation waits for the answer. Clean (saved meanwhile): it goes on without asking.
      [FOLLOW_LINK]: (context: { dirty: boolean }) =>
        context.dirty ? { to: 'asking', see: { asking: true }, calls: [], screen: question } : { to: 'watching', see: { asking: false }, calls: ['proceed'] },
    },
    asking: {
      // The navigation is cancelled; the unsaved work stays.
      [STAY]: { to: 'watching', see: { asking: false }, calls: ['stay'] },
      [DISMISS]: { to: 'watching', see: { asking: false }, calls: ['stay'] },
      [LEAVE]: { to: 'watching', see: { asking: false }, calls: ['proceed'] },
    },
  },
  refused: {
    asking: [FOLLOW_LINK],
  },
  view: (snapshot) => ({ asking: snapshot.hasTag('asking'), dirty: snapshot.context.dirty }),
});
