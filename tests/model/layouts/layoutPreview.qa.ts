import { layoutPreviewMachine } from '../../../src/machines/layouts/layoutPreview.machine.ts';
import type { ZoneDraft } from '../../../src/machines/layouts/layoutGeometry.ts';
import { ApiRequestError } from '../../../src/services/http.ts';
import { defineQa, done, error } from '../qa/catalogue.ts';
import { text } from '../qa/screen.ts';

const CANVAS = { id: 7, width: 1920, height: 1080, background: { color: '#000000', media: null } };
const ZONES: ZoneDraft[] = [
  { key: 'zone-1', id: 1, name: 'Main', x: 0, y: 0, width: 1440, height: 960, z: 0, content: { kind: 'playlist', id: 3 } },
  { key: 'new-1', id: null, name: 'Ticker', x: 0, y: 960, width: 1920, height: 120, z: 1, content: { kind: 'widget', widget: 'ticker', settings: { messages: ['Welcome'] } } },
];
const LAYOUT = {
  id: 7,
  version: 0,
  width: 1920,
  height: 1080,
  background: { color: '#000000', image: null },
  zones: [
    { id: 1, x: 0, y: 0, width: 1440, height: 960, z: 0, items: [{ id: 11, url: '/api/v1/media/files/11/source', checksum: '', duration: 5 }] },
    { id: -2, x: 0, y: 960, width: 1920, height: 120, z: 1, widget: { kind: 'ticker', settings: { messages: ['Welcome'] }, data: null } },
  ],
};
const play = () => ({ stop: () => {} });

const OPEN = `press ${text('layouts:actions.playPreview')}`;
const CLOSE = `press ${text('layouts:preview.close')} (or Escape)`;
const READY = "the zones' files are read and the player's stage is loaded";
const FAILS = 'the network is down while the files are read';

const dialog = `the dialog ${text('layouts:preview.title')}`;
const closed = { to: 'closed', see: { open: false, playing: false, error: null }, calls: [], screen: ['the dialog closes; the preview stops (no sound, no video left in the page)'] };

/**
 * Issue 36 "Play preview": the layout editor's draft (saved or not) played in the page as a screen would: each zone's
 * files read from the server (a playlist's tracks, a file), the web player's layout stage loaded when it is first
 * needed, the whole of it stopped and removed on close.
 */
export default defineQa({
  machine: layoutPreviewMachine,
  file: 'src/machines/layouts/layoutPreview.machine.ts',
  title: 'Play preview of a layout',
  namespace: 'layouts',
  preconditions: {
    start: { route: '/layouts/7 (a layout\'s editor)', user: 'admin (or a user with playlists view rights)', data: 'layout 7 with a zone "Main" playing the playlist "Morning" (one image, 5 s) and a ticker zone "Welcome", not saved yet' },
  },
  howTo: {
    [READY]: 'wait: the preview reads the playlist\'s tracks and loads the player',
    [FAILS]: 'in the devtools Network tab, block the request URL /api/v1/media/play_lists/3/tracks/ before pressing "Play preview"',
  },
  offScreen: { [OPEN]: { preparing: 'the preview dialog covers the button', playing: 'the preview dialog covers the button', failed: 'the preview dialog covers the button' } },
  actors: ['preparePreview'],
  events: {
    [OPEN]: { type: 'preview.open', canvas: CANVAS, zones: ZONES },
    [CLOSE]: { type: 'preview.close' },
    [READY]: done('preparePreview', { layout: LAYOUT, play }),
    [FAILS]: error('preparePreview', new ApiRequestError({ status: 0, code: 'network_error', detail: '' })),
  },
  initial: { start: { to: 'closed', see: { open: false }, screen: [`the editor with the button ${text('layouts:actions.playPreview')}`] } },
  expect: {
    closed: {
      [OPEN]: {
        to: 'preparing',
        see: { open: true, playing: false },
        calls: [`preparePreview: ${JSON.stringify({ canvas: CANVAS, zones: ZONES })}`],
        screen: [dialog, `the spinner ${text('layouts:preview.loading')}`],
      },
    },
    preparing: {
      [READY]: { to: 'playing', see: { open: true, playing: true, error: null }, screen: [`${dialog} plays the layout at 16:9: "Main" shows the playlist's image, the ticker its message`] },
      [FAILS]: { to: 'failed', see: { open: true, playing: false, error: 'network_error' }, screen: [`the line ${text('layouts:preview.failed')}: ${text('common:errors.network_error')}`] },
      [CLOSE]: closed,
    },
    playing: { [CLOSE]: closed },
    failed: { [CLOSE]: closed },
  },
  view: (snapshot) => ({ open: snapshot.hasTag('open'), playing: snapshot.context.prepared !== null, error: snapshot.context.error }),
});
