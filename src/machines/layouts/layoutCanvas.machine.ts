import { assign, setup } from 'xstate';
import { isZoneSized, snapDrawn, snapMove, snapResize, type Rect, type Size } from './layoutGeometry.ts';

/** What a gesture snaps against, read once when it starts: the canvas, the other zones and whether the grid is on. */
export interface CanvasScene {
  canvas: Size;
  others: Rect[];
  grid: boolean;
}

export interface LayoutCanvasContext {
  scene: CanvasScene;
  /** Where the pointer went down (drawing), in layout pixels. */
  start: { x: number; y: number } | null;
  /** The zone being moved or resized, and its rectangle when the gesture began. */
  key: string | null;
  origin: Rect | null;
  /** Where the zone (or the drawn one) would land now: what the canvas draws during the gesture. */
  preview: Rect | null;
}

export type LayoutCanvasEvent =
  | { type: 'pointer.down'; x: number; y: number; scene: CanvasScene }
  | { type: 'pointer.move'; x: number; y: number }
  | { type: 'pointer.up' }
  | { type: 'drag.start'; key: string; rect: Rect; scene: CanvasScene }
  | { type: 'drag.move'; rect: Rect }
  | { type: 'drag.end' }
  | { type: 'resize.start'; key: string; rect: Rect; scene: CanvasScene }
  | { type: 'resize.move'; rect: Rect }
  | { type: 'resize.end' }
  /** Escape during a gesture: everything goes back to where it began. */
  | { type: 'gesture.cancel' };

/** Pointer travel (layout pixels) below which a press and release on the empty canvas is a click, not a drawn zone. */
export const DRAW_SLOP = 8;

const EMPTY_SCENE: CanvasScene = { canvas: { width: 1, height: 1 }, others: [], grid: true };

/**
 * The canvas tool of the layout editor (STYLE.md "Canvas editors", after tldraw's select tool): idle -> pointing (the
 * pointer went down on the empty canvas) -> drawing (it moved further than DRAW_SLOP) -> idle, a zone drawn when the
 * drawn rectangle is big enough; idle -> translating or resizing (Konva reports a zone's drag or its Transformer's
 * handles) -> idle with the snapped rectangle. Escape cancels back to where the gesture began. Snapping lives here
 * (layoutGeometry.ts): the view asks for the preview on every move and draws it. The view provides `zoneDrawn`,
 * `zonePlaced` (to the editor machine) and `canvasClicked` (a click on the empty canvas clears the selection).
 */
export const layoutCanvasMachine = setup({
  types: { context: {} as LayoutCanvasContext, events: {} as LayoutCanvasEvent },
  guards: {
    beyondSlop: ({ context }, params: { x: number; y: number }) =>
      !!context.start && Math.max(Math.abs(params.x - context.start.x), Math.abs(params.y - context.start.y)) > DRAW_SLOP,
    drawnSized: ({ context }) => !!context.preview && isZoneSized(context.preview),
  },
  actions: {
    press: assign((_, params: { x: number; y: number; scene: CanvasScene }) => ({ scene: params.scene, start: { x: params.x, y: params.y }, key: null, origin: null, preview: null })),
    draw: assign(({ context }, params: { x: number; y: number }) => ({ preview: snapDrawn(context.start!, params, context.scene.canvas, context.scene) })),
    grab: assign((_, params: { key: string; rect: Rect; scene: CanvasScene }) => ({ scene: params.scene, start: null, key: params.key, origin: params.rect, preview: params.rect })),
    translate: assign(({ context }, params: { rect: Rect }) => ({ preview: snapMove(params.rect, context.scene.canvas, context.scene) })),
    resize: assign(({ context }, params: { rect: Rect }) => ({ preview: snapResize(context.origin!, params.rect, context.scene.canvas, context.scene) })),
    release: assign({ start: null, key: null, origin: null, preview: null }),
    zoneDrawn: (_, _params: { rect: Rect }) => {},
    zonePlaced: (_, _params: { key: string; rect: Rect }) => {},
    canvasClicked: () => {},
  },
}).createMachine({
  id: 'layoutCanvas',
  context: { scene: EMPTY_SCENE, start: null, key: null, origin: null, preview: null },
  initial: 'idle',
  states: {
    idle: {
      on: {
        'pointer.down': { target: 'pointing', actions: { type: 'press', params: ({ event }) => event } },
        'drag.start': { target: 'translating', actions: { type: 'grab', params: ({ event }) => event } },
        'resize.start': { target: 'resizing', actions: { type: 'grab', params: ({ event }) => event } },
      },
    },
    pointing: {
      on: {
        'pointer.move': { guard: { type: 'beyondSlop', params: ({ event }) => event }, target: 'drawing', actions: { type: 'draw', params: ({ event }) => event } },
        'pointer.up': { target: 'idle', actions: ['release', 'canvasClicked'] },
        'gesture.cancel': { target: 'idle', actions: 'release' },
      },
    },
    drawing: {
      tags: ['gesture'],
      on: {
        'pointer.move': { actions: { type: 'draw', params: ({ event }) => event } },
        'pointer.up': [
          { guard: 'drawnSized', target: 'idle', actions: [{ type: 'zoneDrawn', params: ({ context }) => ({ rect: context.preview! }) }, 'release'] },
          { target: 'idle', actions: 'release' },
        ],
        'gesture.cancel': { target: 'idle', actions: 'release' },
      },
    },
    translating: {
      tags: ['gesture'],
      on: {
        'drag.move': { actions: { type: 'translate', params: ({ event }) => event } },
        'drag.end': { target: 'idle', actions: [{ type: 'zonePlaced', params: ({ context }) => ({ key: context.key!, rect: context.preview! }) }, 'release'] },
        'gesture.cancel': { target: 'idle', actions: 'release' },
      },
    },
    resizing: {
      tags: ['gesture'],
      on: {
        'resize.move': { actions: { type: 'resize', params: ({ event }) => event } },
        'resize.end': { target: 'idle', actions: [{ type: 'zonePlaced', params: ({ context }) => ({ key: context.key!, rect: context.preview! }) }, 'release'] },
        'gesture.cancel': { target: 'idle', actions: 'release' },
      },
    },
  },
});
