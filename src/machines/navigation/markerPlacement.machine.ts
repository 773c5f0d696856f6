import { assign, setup } from 'xstate';
import { DEFAULT_MARKER_COLOR, type MarkerKind } from '../../services/schemas/navigation.ts';

/** What a new marker will be: the side panel edits it before it is added. */
export interface MarkerDraft {
  kind: Exclude<MarkerKind, 'device'>;
  color: string;
  description: string;
}

export interface PlacementContext {
  /** Where the click put the marker, as fractions of the layout; null until placed. */
  point: { x: number; y: number } | null;
  draft: MarkerDraft;
}

export type PlacementEvent =
  | { type: 'placement.start' }
  | { type: 'placement.click'; x: number; y: number }
  | { type: 'placement.move'; x: number; y: number }
  | { type: 'placement.describe'; patch: Partial<MarkerDraft> }
  | { type: 'placement.confirm' }
  | { type: 'placement.cancel' };

const NEW_DRAFT: MarkerDraft = { kind: 'none', color: DEFAULT_MARKER_COLOR, description: '' };
const onLayout = (x: number, y: number) => x >= 0 && x <= 1 && y >= 0 && y <= 1;

/**
 * Adding a marker (spec: "Adding a marker has a placement mode: click the layout, or cancel"): idle -> placing (the
 * cursor is a crosshair) -> placed (a click on the layout put it there, also a click that lands on an
 * existing marker: while placing, markers take no clicks) -> editing (the side panel changed its kind,
 * colour or description); cancel from each leaves without a marker. Confirming hands the marker to the view's
 * `markerPlaced` (the editor adds it to its unapplied changes).
 */
export const markerPlacementMachine = setup({
  types: { context: {} as PlacementContext, events: {} as PlacementEvent },
  guards: {
    onLayout: (_, params: { x: number; y: number }) => onLayout(params.x, params.y),
  },
  actions: {
    reset: assign({ point: null, draft: NEW_DRAFT }),
    putAt: assign((_, params: { x: number; y: number }) => ({ point: { x: params.x, y: params.y } })),
    describe: assign(({ context }, params: { patch: Partial<MarkerDraft> }) => ({ draft: { ...context.draft, ...params.patch } })),
    markerPlaced: (_, _params: { point: { x: number; y: number }; draft: MarkerDraft }) => undefined,
  },
}).createMachine({
  id: 'markerPlacement',
  context: { point: null, draft: NEW_DRAFT },
  initial: 'idle',
  states: {
    idle: {
      on: { 'placement.start': { target: 'placing', actions: 'reset' } },
    },
    placing: {
      tags: ['crosshair'],
      on: {
        'placement.click': {
          guard: { type: 'onLayout', params: ({ event }) => event },
          target: 'placed',
          actions: { type: 'putAt', params: ({ event }) => event },
        },
        'placement.cancel': { target: 'idle', actions: 'reset' },
      },
    },
    placed: {
      tags: ['panel'],
      on: {
        'placement.move': { guard: { type: 'onLayout', params: ({ event }) => event }, actions: { type: 'putAt', params: ({ event }) => event } },
        'placement.describe': { target: 'editing', actions: { type: 'describe', params: ({ event }) => event } },
        'placement.confirm': {
          target: 'idle',
          actions: [{ type: 'markerPlaced', params: ({ context }) => ({ point: context.point!, draft: context.draft }) }, 'reset'],
        },
        'placement.cancel': { target: 'idle', actions: 'reset' },
      },
    },
    editing: {
      tags: ['panel'],
      on: {
        'placement.move': { guard: { type: 'onLayout', params: ({ event }) => event }, actions: { type: 'putAt', params: ({ event }) => event } },
        'placement.describe': { actions: { type: 'describe', params: ({ event }) => event } },
        'placement.confirm': {
          target: 'idle',
          actions: [{ type: 'markerPlaced', params: ({ context }) => ({ point: context.point!, draft: context.draft }) }, 'reset'],
        },
        'placement.cancel': { target: 'idle', actions: 'reset' },
      },
    },
  },
});
