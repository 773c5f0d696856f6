import { layoutCanvasMachine, type LayoutCanvasContext } from '../../../src/machines/layouts/layoutCanvas.machine.ts';
import { defineQa } from '../qa/catalogue.ts';
import { text } from '../qa/screen.ts';

const CANVAS = { width: 1920, height: 1080 };
const MAIN = { x: 0, y: 0, width: 1440, height: 960 };
const SIDE = { x: 1440, y: 0, width: 480, height: 960 };
const TICKER = { x: 0, y: 960, width: 1920, height: 120 };

const PRESS = 'press on the empty canvas at 100, 100 (layout pixels)';
const JITTER = 'move the pointer 4 px (less than the 8 px that make a drag)';
const DRAG_FAR = 'drag the pointer to 497, 401';
const DRAG_SMALL = 'drag the pointer to 120, 110 (a rectangle smaller than 32 px)';
const RELEASE = 'release the pointer';
const GRAB = 'start dragging the zone "Main"';
const SLIDE = 'drag "Main" to 203, 5';
const DROP = 'drop "Main"';
const HANDLE = 'take the right handle of "Main"';
const PULL = 'pull the right handle to 1203 px';
const LET_GO = 'let go of the handle';
const ESCAPE = 'press Escape';

const EMPTY_SCENE = { canvas: CANVAS, others: [], grid: true };
const MAIN_SCENE = { canvas: CANVAS, others: [SIDE, TICKER], grid: true };

type Context = LayoutCanvasContext;
const NO_GESTURE = 'no gesture is under way';
const preview = (rect: { x: number; y: number; width: number; height: number }) => `the outline at ${rect.x}, ${rect.y}, ${rect.width} × ${rect.height}`;
const BACK = 'everything is where it was before the gesture';

/**
 * The layout editor's canvas tool (issue 36: "draw a zone by dragging, move and resize with handles, snap to a grid
 * (on by default, 8 px in layout pixels) and to the other zones' edges"; STYLE.md: Escape cancels back to where the
 * gesture began). The canvas is 1920 × 1080 with the template main + side + ticker; the grid is on.
 */
export default defineQa({
  machine: layoutCanvasMachine,
  file: 'src/machines/layouts/layoutCanvas.machine.ts',
  title: 'Drawing, moving and resizing zones on the layout canvas',
  namespace: 'layouts',
  recorded: ['zoneDrawn', 'zonePlaced', 'canvasClicked'],
  preconditions: {
    start: {
      route: '/layouts/7 (a layout\'s editor: its name on /layouts)',
      user: 'admin (or a user with playlists edit rights)',
      data: `a horizontal layout made from ${text('layouts:templates.mainSideTicker')} (zones Main 0, 0, 1440 × 960; Side panel; Ticker) with ${text('layouts:editor.grid')} on; for the drawing steps, delete its zones first`,
    },
  },
  offScreen: {
    [JITTER]: { idle: NO_GESTURE, translating: 'a zone being dragged follows the pointer', resizing: 'a handle being pulled follows the pointer' },
    [DRAG_FAR]: { idle: NO_GESTURE, translating: 'a zone being dragged follows the pointer', resizing: 'a handle being pulled follows the pointer' },
    [DRAG_SMALL]: { idle: NO_GESTURE, translating: 'a zone being dragged follows the pointer', resizing: 'a handle being pulled follows the pointer' },
    [RELEASE]: { idle: NO_GESTURE, translating: 'releasing a dragged zone drops it', resizing: 'releasing a handle lets go of it' },
    [PRESS]: { pointing: 'the pointer is already down', drawing: 'the pointer is already down', translating: 'the pointer is already down', resizing: 'the pointer is already down' },
    [GRAB]: { pointing: 'the pointer is already down', drawing: 'the pointer is already down', translating: 'the pointer is already down', resizing: 'the pointer is already down' },
    [HANDLE]: { pointing: 'the pointer is already down', drawing: 'the pointer is already down', translating: 'the pointer is already down', resizing: 'the pointer is already down' },
    [SLIDE]: { idle: NO_GESTURE, pointing: 'no zone is being dragged', drawing: 'no zone is being dragged', resizing: 'a handle is being pulled, not the zone' },
    [DROP]: { idle: NO_GESTURE, pointing: 'no zone is being dragged', drawing: 'no zone is being dragged', resizing: 'a handle is being pulled, not the zone' },
    [PULL]: { idle: NO_GESTURE, pointing: 'no handle is taken', drawing: 'no handle is taken', translating: 'the zone is being dragged, not a handle' },
    [LET_GO]: { idle: NO_GESTURE, pointing: 'no handle is taken', drawing: 'no handle is taken', translating: 'the zone is being dragged, not a handle' },
    [ESCAPE]: { idle: 'with no gesture under way, Escape clears the chosen zone instead (the layout editor\'s step)' },
  },
  events: {
    [PRESS]: { type: 'pointer.down', x: 100, y: 100, scene: EMPTY_SCENE },
    [JITTER]: { type: 'pointer.move', x: 104, y: 103 },
    [DRAG_FAR]: { type: 'pointer.move', x: 497, y: 401 },
    [DRAG_SMALL]: { type: 'pointer.move', x: 120, y: 110 },
    [RELEASE]: { type: 'pointer.up' },
    [GRAB]: { type: 'drag.start', key: 'zone-1', rect: MAIN, scene: MAIN_SCENE },
    [SLIDE]: { type: 'drag.move', rect: { x: 203, y: 5, width: 1440, height: 960 } },
    [DROP]: { type: 'drag.end' },
    [HANDLE]: { type: 'resize.start', key: 'zone-1', rect: MAIN, scene: MAIN_SCENE },
    [PULL]: { type: 'resize.move', rect: { x: 0, y: 0, width: 1203, height: 960 } },
    [LET_GO]: { type: 'resize.end' },
    [ESCAPE]: { type: 'gesture.cancel' },
  },
  initial: { start: { to: 'idle', see: { gesture: false, preview: null } } },
  expect: {
    idle: {
      [PRESS]: { to: 'pointing', see: { gesture: false, preview: null }, screen: ['nothing is drawn yet'] },
      [GRAB]: { to: 'translating', see: { gesture: true, preview: MAIN }, screen: ['"Main" follows the pointer'] },
      [HANDLE]: { to: 'resizing', see: { gesture: true, preview: MAIN }, screen: ['"Main" shows its handles; the right one follows the pointer'] },
    },
    pointing: {
      [JITTER]: { to: 'pointing', see: { preview: null }, screen: ['nothing is drawn: a move this small is still a click'] },
      // Corners on the 8 px grid: 100 -> 104, 497 -> 496, 401 -> 400.
      [DRAG_FAR]: { to: 'drawing', see: { gesture: true, preview: { x: 104, y: 104, width: 392, height: 296 } }, screen: [preview({ x: 104, y: 104, width: 392, height: 296 })] },
      [DRAG_SMALL]: { to: 'drawing', see: { gesture: true, preview: { x: 104, y: 104, width: 16, height: 8 } }, screen: [preview({ x: 104, y: 104, width: 16, height: 8 })] },
      // A click on the empty canvas chooses no zone.
      [RELEASE]: { to: 'idle', calls: ['canvasClicked'], screen: [`no zone is chosen: ${text('layouts:panel.none')}`] },
      [ESCAPE]: { to: 'idle', calls: [], screen: [BACK] },
    },
    drawing: {
      [JITTER]: { to: 'drawing', see: { preview: { x: 104, y: 104, width: 0, height: 0 } }, screen: ['the outline shrinks to nothing'] },
      [DRAG_FAR]: { to: 'drawing', see: { preview: { x: 104, y: 104, width: 392, height: 296 } }, screen: [preview({ x: 104, y: 104, width: 392, height: 296 })] },
      [DRAG_SMALL]: { to: 'drawing', see: { preview: { x: 104, y: 104, width: 16, height: 8 } }, screen: [preview({ x: 104, y: 104, width: 16, height: 8 })] },
      // A zone is at least 32 px on each side: a smaller rectangle draws nothing.
      [RELEASE]: (context: Context) =>
        context.preview && context.preview.width >= 32 && context.preview.height >= 32
          ? { to: 'idle', see: { gesture: false, preview: null }, calls: [`zoneDrawn: ${JSON.stringify({ rect: context.preview })}`], screen: ['a new zone where the outline was, chosen, its panel open'] }
          : { to: 'idle', see: { gesture: false, preview: null }, calls: [], screen: ['the outline goes; no zone is added'] },
      [ESCAPE]: { to: 'idle', see: { gesture: false, preview: null }, calls: [], screen: [BACK] },
    },
    translating: {
      // Snapped: the top edge to the canvas (5 px away), the left edge to the grid (203 -> 200).
      [SLIDE]: { to: 'translating', see: { preview: { x: 200, y: 0, width: 1440, height: 960 } }, screen: ['"Main" at 200, 0'] },
      [DROP]: (context: Context) => ({
        to: 'idle',
        see: { gesture: false, preview: null },
        calls: [`zonePlaced: ${JSON.stringify({ key: 'zone-1', rect: context.preview })}`],
        screen: [`"Main" stays at ${context.preview!.x}, ${context.preview!.y}; ${text('layouts:editor.dirty')}`],
      }),
      [ESCAPE]: { to: 'idle', see: { gesture: false, preview: null }, calls: [], screen: ['"Main" goes back to 0, 0'] },
    },
    resizing: {
      // The right edge to the grid (1203 -> 1200): no other edge lies within 12 px.
      [PULL]: { to: 'resizing', see: { preview: { x: 0, y: 0, width: 1200, height: 960 } }, screen: ['"Main" 1200 px wide'] },
      [LET_GO]: (context: Context) => ({
        to: 'idle',
        see: { gesture: false, preview: null },
        calls: [`zonePlaced: ${JSON.stringify({ key: 'zone-1', rect: context.preview })}`],
        screen: [`"Main" stays ${context.preview!.width} × ${context.preview!.height}; ${text('layouts:editor.dirty')}`],
      }),
      [ESCAPE]: { to: 'idle', see: { gesture: false, preview: null }, calls: [], screen: ['"Main" goes back to 1440 × 960'] },
    },
  },
  view: (snapshot) => ({ gesture: snapshot.hasTag('gesture'), preview: snapshot.context.preview }),
});
