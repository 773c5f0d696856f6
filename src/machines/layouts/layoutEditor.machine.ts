import { assign, fromPromise, setup } from 'xstate';
import { errorCodeOf } from '../fetchStatus.machine.ts';
import { getLayoutDetail, updateLayout, type Layout } from '../../services/layouts.service.ts';
import { ZONE_NAME_MAX, layoutProblems } from '../../services/schemas/layouts.ts';
import type { WriteOutcome } from '../../services/writeOutcome.ts';
import {
  GRID_STEP,
  MAX_ZONES,
  clampRect,
  isZoneSized,
  nudgeRect,
  normaliseOrder,
  reorder,
  setRectField,
  type Rect,
  type RectField,
  type ZoneContent,
  type ZoneDraft,
} from './layoutGeometry.ts';
import { widgetSettingErrors } from './widgetForm.machine.ts';
import { contentKey, draftBody, widgetBodyProblems, isLayoutDirty, selectedZone, serverContentNames, serverContentPreviews, serverZones, type LayoutDraft } from './layoutEditor.selectors.ts';

export { ZONE_NAME_MAX };

export interface LayoutEditorContext extends LayoutDraft {
  layoutId: number;
  /** Snap to the 8 px grid (on by default); edges of the other zones attract either way. */
  grid: boolean;
  /** The field of the side panel whose typed value was refused (not a whole number, an empty or long name). */
  fieldError: { field: RectField | 'name'; code: 'invalid' | 'required' | 'too_long' } | null;
  /** Code of the last failed load or save; the server's field errors of a refused save. */
  error: string | null;
  fields: Record<string, string>;
  /** The next new zone's key number. */
  nextKey: number;
}

export type LayoutEditorEvent =
  | { type: 'zone.select'; key: string | null }
  /** "Add zone" (keyboard or button): a zone of half the canvas in its middle. */
  | { type: 'zone.add'; name: string }
  /** A zone drawn on the canvas (the canvas machine snapped it). */
  | { type: 'zone.draw'; rect: Rect; name: string }
  /** A zone moved or resized on the canvas (snapped). */
  | { type: 'zone.place'; key: string; rect: Rect }
  /** The arrow keys on the selected zone (Shift: ten times as far). */
  | { type: 'zone.nudge'; dx: number; dy: number }
  /** A value typed into the side panel's x, y, width or height. */
  | { type: 'zone.field'; field: RectField; value: number }
  | { type: 'zone.rename'; name: string }
  | { type: 'zone.content'; content: ZoneContent; name: string | null }
  | { type: 'zone.delete' }
  | { type: 'zone.forward' }
  | { type: 'zone.backward' }
  | { type: 'grid.toggle' }
  | { type: 'editor.save' }
  | { type: 'editor.discard' }
  | { type: 'editor.retry' };

type EditorNotice = 'messages.saveSuccess' | 'messages.saveError' | 'messages.saveRefused';

/** The editor asks for a name (the server allows none): a zone list of unnamed zones would say nothing. */
const nameError = (name: string): 'required' | 'too_long' | null => {
  const trimmed = name.trim();
  if (!trimmed) return 'required';
  return [...trimmed].length > ZONE_NAME_MAX ? 'too_long' : null;
};

const canvasOf = (context: LayoutEditorContext) => ({ width: context.layout?.width ?? 1, height: context.layout?.height ?? 1 });

const withSelected = (context: LayoutEditorContext, change: (zone: ZoneDraft) => ZoneDraft) => ({
  zones: context.zones.map((zone) => (zone.key === context.selected ? change(zone) : zone)),
  fieldError: null,
});

const topZ = (zones: readonly ZoneDraft[]) => zones.reduce((z, zone) => Math.max(z, zone.z + 1), 0);

/**
 * The layout editor (issue 36): loading, then the zones as a draft (clean or dirty) with one zone selected at a time;
 * zones are added (drawn on the canvas or by "Add zone"), placed (moved or resized on the canvas, already snapped by
 * the canvas machine), nudged by the arrow keys, typed in exactly (values clamped to the canvas, the minimum size,
 * whole numbers only), renamed, given content, reordered and deleted; saving writes the whole draft (PUT) and a
 * refusal keeps it. The view guards leaving while the `dirty` tag is on, and provides `notify` (a layouts-namespace
 * key) and `loaded` (the layout as the server has it, for the commit flow).
 */
export const layoutEditorMachine = setup({
  types: {
    context: {} as LayoutEditorContext,
    events: {} as LayoutEditorEvent,
    input: {} as { layoutId: number },
  },
  actors: {
    loadLayout: fromPromise<Layout, { layoutId: number }>(({ input }) => getLayoutDetail(input.layoutId)),
    // The server's geometry rules (layoutProblems) first: a draft they refuse is refused here, with the same codes, unsent.
    saveLayout: fromPromise<WriteOutcome<Layout>, { layoutId: number; canvas: { width: number; height: number }; body: ReturnType<typeof draftBody> }>(async ({ input }) => {
      const problems = layoutProblems({ ...input.canvas, zones: input.body.zones ?? [] });
      if (problems) return { ok: false, code: problems.code, fields: problems.fields };
      // Each widget's settings with the shared structs (issue 38): a value refused here stays in the draft, unsent.
      const widgets = widgetBodyProblems(input.body, widgetSettingErrors);
      const codes = Object.values(widgets);
      if (codes.length) return { ok: false, code: codes.every((code) => code === 'required') && Object.keys(widgets).every((field) => field.endsWith('.messages')) ? 'widget_invalid' : 'validation_error', fields: widgets };
      return updateLayout(input.layoutId, input.body);
    }),
  },
  guards: {
    draftDirty: ({ context }) => isLayoutDirty(context),
    draftClean: ({ context }) => !isLayoutDirty(context),
    hasSelection: ({ context }) => selectedZone(context) !== null,
    knownZone: ({ context }, params: { key: string | null }) => params.key === null || context.zones.some((zone) => zone.key === params.key),
    roomForZone: ({ context }) => context.zones.length < MAX_ZONES,
    drawable: ({ context }, params: { rect: Rect }) => context.zones.length < MAX_ZONES && isZoneSized(params.rect),
    validField: ({ context }, params: { field: RectField; value: number }) => {
      const zone = selectedZone(context);
      return !!zone && setRectField(zone, params.field, params.value, canvasOf(context)) !== null;
    },
    validName: ({ context }, params: { name: string }) => selectedZone(context) !== null && nameError(params.name) === null,
    saved: (_, params: { outcome: WriteOutcome<Layout> }) => params.outcome.ok,
  },
  actions: {
    setLoaded: assign(({ context }, params: { layout: Layout }) => ({
      layout: params.layout,
      zones: serverZones(params.layout),
      contentNames: serverContentNames(params.layout, context.contentNames),
      contentPreviews: serverContentPreviews(params.layout, context.contentPreviews),
      error: null,
      fields: {},
      fieldError: null,
    })),
    /** The selected zone after a save: by its id, or (a new zone) by its name and place in the server's answer. */
    reselect: assign(({ context }, params: { layout: Layout }) => {
      const zone = selectedZone(context);
      const match = zone
        ? params.layout.zones.find((saved) => (zone.id !== null ? saved.id === zone.id : saved.name === zone.name && saved.x === zone.x && saved.y === zone.y && saved.width === zone.width && saved.height === zone.height))
        : undefined;
      return { selected: match ? `zone-${match.id}` : null };
    }),
    setError: assign((_, params: { error: unknown }) => ({ error: errorCodeOf(params.error) })),
    setRefusal: assign((_, params: { outcome: WriteOutcome<Layout> }) => (params.outcome.ok ? {} : { error: params.outcome.code, fields: params.outcome.fields })),
    select: assign((_, params: { key: string | null }) => ({ selected: params.key, fieldError: null })),
    addZone: assign(({ context }, params: { rect: Rect; name: string }) => {
      const key = `new-${context.nextKey}`;
      const zone: ZoneDraft = { key, id: null, name: params.name, ...clampRect(params.rect, canvasOf(context)), z: topZ(context.zones), content: null };
      return { zones: [...context.zones, zone], selected: key, nextKey: context.nextKey + 1, fieldError: null };
    }),
    addMiddleZone: assign(({ context }, params: { name: string }) => {
      const canvas = canvasOf(context);
      const width = Math.round(canvas.width / 2 / GRID_STEP) * GRID_STEP;
      const height = Math.round(canvas.height / 2 / GRID_STEP) * GRID_STEP;
      const key = `new-${context.nextKey}`;
      const rect = clampRect({ x: Math.round((canvas.width - width) / 2 / GRID_STEP) * GRID_STEP, y: Math.round((canvas.height - height) / 2 / GRID_STEP) * GRID_STEP, width, height }, canvas);
      const zone: ZoneDraft = { key, id: null, name: params.name, ...rect, z: topZ(context.zones), content: null };
      return { zones: [...context.zones, zone], selected: key, nextKey: context.nextKey + 1, fieldError: null };
    }),
    place: assign(({ context }, params: { key: string; rect: Rect }) => ({
      zones: context.zones.map((zone) => (zone.key === params.key ? { ...zone, ...clampRect(params.rect, canvasOf(context)) } : zone)),
      selected: params.key,
      fieldError: null,
    })),
    nudge: assign(({ context }, params: { dx: number; dy: number }) => withSelected(context, (zone) => ({ ...zone, ...nudgeRect(zone, params.dx, params.dy, canvasOf(context)) }))),
    setField: assign(({ context }, params: { field: RectField; value: number }) =>
      withSelected(context, (zone) => ({ ...zone, ...setRectField(zone, params.field, params.value, canvasOf(context))! })),
    ),
    refuseField: assign((_, params: { field: RectField }) => ({ fieldError: { field: params.field, code: 'invalid' as const } })),
    rename: assign(({ context }, params: { name: string }) => withSelected(context, (zone) => ({ ...zone, name: params.name.trim() }))),
    refuseName: assign((_, params: { name: string }) => ({ fieldError: { field: 'name' as const, code: nameError(params.name) ?? 'invalid' } })),
    setContent: assign(({ context }, params: { content: ZoneContent; name: string | null }) => ({
      ...withSelected(context, (zone) => ({ ...zone, content: params.content })),
      contentNames: params.content && params.name ? { ...context.contentNames, [contentKey(params.content)]: params.name } : context.contentNames,
    })),
    deleteZone: assign(({ context }) => ({ zones: normaliseOrder(context.zones.filter((zone) => zone.key !== context.selected)), selected: null, fieldError: null })),
    forward: assign(({ context }) => ({ zones: reorder(context.zones, context.selected!, 'forward') })),
    backward: assign(({ context }) => ({ zones: reorder(context.zones, context.selected!, 'backward') })),
    toggleGrid: assign(({ context }) => ({ grid: !context.grid })),
    discard: assign(({ context }) => ({ zones: serverZones(context.layout), error: null, fields: {}, fieldError: null, selected: null })),
    notify: (_, _params: { key: EditorNotice; intent: 'success' | 'error' }) => {},
    loaded: (_, _params: { layout: Layout }) => {},
  },
}).createMachine({
  id: 'layoutEditor',
  context: ({ input }) => ({ layoutId: input.layoutId, layout: null, zones: [], selected: null, contentNames: {}, contentPreviews: {}, grid: true, fieldError: null, error: null, fields: {}, nextKey: 1 }),
  initial: 'loading',
  states: {
    loading: {
      tags: ['loading'],
      invoke: {
        id: 'loadLayout',
        src: 'loadLayout',
        input: ({ context }) => ({ layoutId: context.layoutId }),
        onDone: {
          target: 'ready',
          actions: [{ type: 'setLoaded', params: ({ event }) => ({ layout: event.output }) }, { type: 'loaded', params: ({ event }) => ({ layout: event.output }) }],
        },
        onError: { target: 'loadFailed', actions: { type: 'setError', params: ({ event }) => ({ error: event.error }) } },
      },
    },
    loadFailed: { on: { 'editor.retry': 'loading' } },
    ready: {
      initial: 'editing',
      states: {
        editing: {
          initial: 'clean',
          on: {
            'zone.select': { guard: { type: 'knownZone', params: ({ event }) => event }, actions: { type: 'select', params: ({ event }) => event } },
            'zone.add': { guard: 'roomForZone', target: '.check', actions: { type: 'addMiddleZone', params: ({ event }) => event } },
            'zone.draw': { guard: { type: 'drawable', params: ({ event }) => event }, target: '.check', actions: { type: 'addZone', params: ({ event }) => event } },
            'zone.place': { guard: { type: 'knownZone', params: ({ event }) => event }, target: '.check', actions: { type: 'place', params: ({ event }) => event } },
            'zone.nudge': { guard: 'hasSelection', target: '.check', actions: { type: 'nudge', params: ({ event }) => event } },
            'zone.field': [
              { guard: { type: 'validField', params: ({ event }) => event }, target: '.check', actions: { type: 'setField', params: ({ event }) => event } },
              { guard: 'hasSelection', actions: { type: 'refuseField', params: ({ event }) => event } },
            ],
            'zone.rename': [
              { guard: { type: 'validName', params: ({ event }) => event }, target: '.check', actions: { type: 'rename', params: ({ event }) => event } },
              { guard: 'hasSelection', actions: { type: 'refuseName', params: ({ event }) => event } },
            ],
            'zone.content': { guard: 'hasSelection', target: '.check', actions: { type: 'setContent', params: ({ event }) => event } },
            'zone.delete': { guard: 'hasSelection', target: '.check', actions: 'deleteZone' },
            'zone.forward': { guard: 'hasSelection', target: '.check', actions: 'forward' },
            'zone.backward': { guard: 'hasSelection', target: '.check', actions: 'backward' },
            'grid.toggle': { actions: 'toggleGrid' },
          },
          states: {
            /** After every change: clean or dirty, from the draft against the server's copy. */
            check: {
              always: [{ guard: 'draftDirty', target: 'dirty' }, { target: 'clean' }],
            },
            clean: {},
            dirty: {
              tags: ['dirty'],
              on: {
                'editor.save': '#layoutEditor.ready.saving',
                'editor.discard': { target: 'clean', actions: 'discard' },
              },
            },
          },
        },
        saving: {
          tags: ['busy', 'dirty'],
          invoke: {
            id: 'saveLayout',
            src: 'saveLayout',
            input: ({ context }) => ({ layoutId: context.layoutId, canvas: canvasOf(context), body: draftBody(context) }),
            onDone: [
              {
                guard: { type: 'saved', params: ({ event }) => ({ outcome: event.output }) },
                target: 'editing.clean',
                actions: [
                  { type: 'reselect', params: ({ event }) => ({ layout: (event.output as { value: Layout }).value }) },
                  { type: 'setLoaded', params: ({ event }) => ({ layout: (event.output as { value: Layout }).value }) },
                  { type: 'loaded', params: ({ event }) => ({ layout: (event.output as { value: Layout }).value }) },
                  { type: 'notify', params: { key: 'messages.saveSuccess', intent: 'success' } },
                ],
              },
              {
                target: 'editing.dirty',
                actions: [{ type: 'setRefusal', params: ({ event }) => ({ outcome: event.output }) }, { type: 'notify', params: { key: 'messages.saveRefused', intent: 'error' } }],
              },
            ],
            onError: {
              target: 'editing.dirty',
              actions: [{ type: 'setError', params: ({ event }) => ({ error: event.error }) }, { type: 'notify', params: { key: 'messages.saveError', intent: 'error' } }],
            },
          },
        },
      },
    },
  },
});
