import { markerPlacementMachine } from '../../../src/machines/navigation/markerPlacement.machine.ts';
import { defineQa } from '../qa/catalogue.ts';
import { englishText, text } from '../qa/screen.ts';

const START = 'press "Add marker"';
const CLICK = 'click the layout at 25 % across, half-way down';
const CLICK_OUT = 'click beside the layout';
const CLICK_MARKER = "click the screen's own marker (the middle of the layout)";
const MOVE = 'drag the new marker to 30 % across, 60 % down';
const MOVE_OUT = 'drag the new marker off the layout';
const KIND = 'choose the kind "Toilet" in the side panel';
const CONFIRM = 'press "Add"';
const CANCEL = 'press Escape (or "Cancel")';

const placed = (point: { x: number; y: number }, kind = 'none') =>
  `markerPlaced: ${JSON.stringify({ point, draft: { kind, color: '#0f6cbd', description: '' } })}`;

const ADD_BACK = `${text('navigation:marker.addMarker')} is back`;
const NO_PANEL = 'the side panel of a new marker is shown only once the layout is clicked';
const NOT_PLACING = 'a click on the layout selects markers while no marker is being placed (no crosshair)';
const NO_NEW = 'there is no new marker to drag yet';
const at = (kind: string, x: number, y: number) => text('navigation:marker.at', { kind: englishText(`navigation:kinds.${kind}`), x, y });

/** Spec section 2, navigation editor: "Adding a marker has a placement mode: click the layout, or cancel." */
export default defineQa({
  machine: markerPlacementMachine,
  file: 'src/machines/navigation/markerPlacement.machine.ts',
  title: 'Placing a new marker on the layout',
  recorded: ['markerPlaced'],
  namespace: 'navigation',
  preconditions: {
    start: {
      route: '/navigation/5 (a device\'s map: "Navigation map of …" under "Device maps" on /navigation)',
      user: 'admin (or a user with navigation edit rights)',
      data: 'device 5 in an office with an object that has a layout image; choose that object under "Object"',
    },
  },
  howTo: { [CANCEL]: `press Escape, or ${text('navigation:marker.cancelPlacement')}` },
  offScreen: {
    [START]: { placing: `${text('navigation:marker.cancelPlacement')} takes the place of "Add marker" while placing`, placed: `${text('navigation:marker.cancelPlacement')} takes the place of "Add marker" while placing`, editing: `${text('navigation:marker.cancelPlacement')} takes the place of "Add marker" while placing` },
    [CLICK]: { idle: NOT_PLACING, placed: NOT_PLACING, editing: NOT_PLACING },
    [CLICK_OUT]: { idle: NOT_PLACING, placed: NOT_PLACING, editing: NOT_PLACING },
    [CLICK_MARKER]: { idle: NOT_PLACING, placed: NOT_PLACING, editing: NOT_PLACING },
    [MOVE]: { idle: NO_NEW, placing: NO_NEW },
    [MOVE_OUT]: { idle: NO_NEW, placing: NO_NEW },
    [KIND]: { idle: NO_PANEL, placing: NO_PANEL },
    [CONFIRM]: { idle: NO_PANEL, placing: NO_PANEL },
  },
  onScreen: { markerPlaced: `the new marker stays on the layout and joins the list ${text('navigation:marker.list')} (not applied yet: "Apply" is enabled)` },
  events: {
    [START]: { type: 'placement.start' },
    [CLICK]: { type: 'placement.click', x: 0.25, y: 0.5 },
    [CLICK_OUT]: { type: 'placement.click', x: 1.2, y: 0.5 },
    [CLICK_MARKER]: { type: 'placement.click', x: 0.5, y: 0.5 },
    [MOVE]: { type: 'placement.move', x: 0.3, y: 0.6 },
    [MOVE_OUT]: { type: 'placement.move', x: -0.1, y: 0.5 },
    [KIND]: { type: 'placement.describe', patch: { kind: 'toilet' } },
    [CONFIRM]: { type: 'placement.confirm' },
    [CANCEL]: { type: 'placement.cancel' },
  },
  initial: { start: { to: 'idle', see: { crosshair: false, panel: false, point: null } } },
  expect: {
    idle: {
      [START]: {
        to: 'placing',
        see: { crosshair: true, point: null },
        screen: [`${text('navigation:marker.cancelPlacement')} in place of "Add marker"`, text('navigation:marker.placingHint'), 'a crosshair over the layout'],
      },
    },
    placing: {
      [CLICK]: {
        to: 'placed',
        see: { crosshair: false, panel: true, point: { x: 0.25, y: 0.5 } },
        screen: [
          'a new marker at 25 % across, half-way down',
          `the side panel ${text('navigation:marker.newTitle')}: ${text('navigation:marker.kind')} ${text('navigation:kinds.none')}, ${text('navigation:marker.color')}, ${text('navigation:marker.description')}, ${text('navigation:marker.add')}`,
        ],
      },
      [CLICK_OUT]: { to: 'placing', see: { crosshair: true, point: null } },
      // A click that lands on a marker already there is a click on the layout under it: markers take no clicks while placing.
      [CLICK_MARKER]: {
        to: 'placed',
        see: { crosshair: false, panel: true, point: { x: 0.5, y: 0.5 } },
        screen: [
          "a new marker in the middle of the layout, on top of the screen's own marker",
          `the side panel ${text('navigation:marker.newTitle')}`,
        ],
      },
      [CANCEL]: { to: 'idle', see: { crosshair: false, point: null }, screen: [ADD_BACK, 'no crosshair, no hint'] },
    },
    placed: {
      [MOVE]: { to: 'placed', see: { point: { x: 0.3, y: 0.6 } }, screen: ['the new marker at 30 % across, 60 % down'] },
      [MOVE_OUT]: (context: { point: unknown }) => ({ to: 'placed', see: { point: context.point } }),
      [KIND]: { to: 'editing', see: { kind: 'toilet', panel: true }, screen: [`${text('navigation:marker.kind')} reads ${text('navigation:kinds.toilet')}; the new marker shows the toilet icon`] },
      [CONFIRM]: (context: { point: { x: number; y: number } }) => ({
        to: 'idle',
        see: { point: null, panel: false },
        calls: [placed(context.point)],
        screen: [`${at('none', Math.round(context.point.x * 100), Math.round(context.point.y * 100))} in the list`, ADD_BACK],
      }),
      [CANCEL]: { to: 'idle', see: { point: null, panel: false }, calls: [], screen: ['the new marker and its panel are gone', ADD_BACK] },
    },
    editing: {
      [MOVE]: { to: 'editing', see: { point: { x: 0.3, y: 0.6 }, kind: 'toilet' }, screen: ['the new marker at 30 % across, 60 % down'] },
      [MOVE_OUT]: (context: { point: unknown }) => ({ to: 'editing', see: { point: context.point } }),
      [KIND]: { to: 'editing', see: { kind: 'toilet' } },
      [CONFIRM]: (context: { point: { x: number; y: number } }) => ({
        to: 'idle',
        see: { point: null, kind: 'none' },
        calls: [placed(context.point, 'toilet')],
        screen: [`${at('toilet', Math.round(context.point.x * 100), Math.round(context.point.y * 100))} in the list`, ADD_BACK],
      }),
      [CANCEL]: { to: 'idle', see: { point: null, kind: 'none' }, calls: [], screen: ['the new marker and its panel are gone', ADD_BACK] },
    },
  },
  view: (snapshot) => ({
    crosshair: snapshot.hasTag('crosshair'),
    panel: snapshot.hasTag('panel'),
    point: snapshot.context.point,
    kind: snapshot.context.draft.kind,
  }),
});
