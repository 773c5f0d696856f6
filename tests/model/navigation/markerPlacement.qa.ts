import { markerPlacementMachine } from '../../../src/machines/navigation/markerPlacement.machine.ts';
import { defineQa } from '../qa/catalogue.ts';

const START = 'press "Add marker"';
const CLICK = 'click the layout at 25 % across, half-way down';
const CLICK_OUT = 'click beside the layout';
const MOVE = 'drag the new marker to 30 % across, 60 % down';
const MOVE_OUT = 'drag the new marker off the layout';
const KIND = 'choose the kind "Toilet" in the side panel';
const CONFIRM = 'press "Add"';
const CANCEL = 'press Escape (or "Cancel")';

const placed = (point: { x: number; y: number }, kind = 'none') =>
  `markerPlaced: ${JSON.stringify({ point, draft: { kind, color: '#0f6cbd', description: '' } })}`;

/** Spec section 2, navigation editor: "Adding a marker has a placement mode: click the layout, or cancel." */
export default defineQa({
  machine: markerPlacementMachine,
  file: 'src/machines/navigation/markerPlacement.machine.ts',
  title: 'Placing a new marker on the layout',
  recorded: ['markerPlaced'],
  events: {
    [START]: { type: 'placement.start' },
    [CLICK]: { type: 'placement.click', x: 0.25, y: 0.5 },
    [CLICK_OUT]: { type: 'placement.click', x: 1.2, y: 0.5 },
    [MOVE]: { type: 'placement.move', x: 0.3, y: 0.6 },
    [MOVE_OUT]: { type: 'placement.move', x: -0.1, y: 0.5 },
    [KIND]: { type: 'placement.describe', patch: { kind: 'toilet' } },
    [CONFIRM]: { type: 'placement.confirm' },
    [CANCEL]: { type: 'placement.cancel' },
  },
  initial: { start: { to: 'idle', see: { crosshair: false, panel: false, point: null } } },
  expect: {
    idle: {
      [START]: { to: 'placing', see: { crosshair: true, point: null } },
    },
    placing: {
      [CLICK]: { to: 'placed', see: { crosshair: false, panel: true, point: { x: 0.25, y: 0.5 } } },
      [CLICK_OUT]: { to: 'placing', see: { crosshair: true, point: null } },
      [CANCEL]: { to: 'idle', see: { crosshair: false, point: null } },
    },
    placed: {
      [MOVE]: { to: 'placed', see: { point: { x: 0.3, y: 0.6 } } },
      [MOVE_OUT]: (context: { point: unknown }) => ({ to: 'placed', see: { point: context.point } }),
      [KIND]: { to: 'editing', see: { kind: 'toilet', panel: true } },
      [CONFIRM]: (context: { point: { x: number; y: number } }) => ({ to: 'idle', see: { point: null, panel: false }, calls: [placed(context.point)] }),
      [CANCEL]: { to: 'idle', see: { point: null, panel: false }, calls: [] },
    },
    editing: {
      [MOVE]: { to: 'editing', see: { point: { x: 0.3, y: 0.6 }, kind: 'toilet' } },
      [MOVE_OUT]: (context: { point: unknown }) => ({ to: 'editing', see: { point: context.point } }),
      [KIND]: { to: 'editing', see: { kind: 'toilet' } },
      [CONFIRM]: (context: { point: { x: number; y: number } }) => ({ to: 'idle', see: { point: null, kind: 'none' }, calls: [placed(context.point, 'toilet')] }),
      [CANCEL]: { to: 'idle', see: { point: null, kind: 'none' }, calls: [] },
    },
  },
  view: (snapshot) => ({
    crosshair: snapshot.hasTag('crosshair'),
    panel: snapshot.hasTag('panel'),
    point: snapshot.context.point,
    kind: snapshot.context.draft.kind,
  }),
});
