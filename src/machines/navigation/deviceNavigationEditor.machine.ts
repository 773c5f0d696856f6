import { assign, fromPromise, setup } from 'xstate';
import { errorCodeOf } from '../fetchStatus.machine.ts';
import { applyDeviceNavigation, loadDeviceNavigation, type DraftMarker, type EditorDraft, type LoadedEditor } from '../../services/navigationEditor.service.ts';
import { sendDeviceNavigation, type Marker } from '../../services/navigation.service.ts';
import type { Placeholder } from '../../services/schemas/navigation.ts';
import type { MarkerDraft } from './markerPlacement.machine.ts';

export type { DraftMarker, EditorDraft };

export interface EditorContext {
  deviceId: number;
  loaded: LoadedEditor | null;
  draft: EditorDraft;
  /** The markers of the draft's object as edited (new ones have negative ids); the device's own marker is draft.x/y. */
  markers: DraftMarker[];
  selected: number | null;
  nextTempId: number;
  /** API error code of the last failed load, apply or send; views translate it. */
  error: string | null;
  /** The other object the switch question asks about while unapplied changes would be lost. */
  leaving: LeaveTarget | null;
}

/** The object a switch would open (leaving the page is the shared leave question's: common/LeaveGuard.tsx). */
export type LeaveTarget = { object: number | null };

export type EditorEvent =
  | { type: 'editor.retry' }
  | { type: 'editor.object'; object: number | null }
  | { type: 'editor.comment'; comment: string }
  | { type: 'editor.placeholder'; placeholder: Placeholder }
  | { type: 'device.move'; x: number; y: number }
  | { type: 'marker.add'; point: { x: number; y: number }; draft: MarkerDraft }
  | { type: 'marker.move'; id: number; x: number; y: number }
  | { type: 'marker.nudge'; id: number; dx: number; dy: number }
  | { type: 'marker.update'; id: number; patch: Partial<MarkerDraft> }
  | { type: 'marker.photo'; id: number; file: Blob & { name?: string } }
  | { type: 'marker.delete'; id: number }
  | { type: 'marker.select'; id: number | null }
  /** Which markers this screen shows: one marker on or off, all of them (absent in the API), none. */
  | { type: 'markers.show'; id: number; shown: boolean }
  | { type: 'markers.showAll' }
  | { type: 'markers.showNone' }
  | { type: 'editor.apply' }
  | { type: 'editor.send' }
  /** The switch question's answers: lose the unapplied changes and open the other object, or stay with them. */
  | { type: 'leave.confirm' }
  | { type: 'leave.stay' };

const clamp = (value: number) => Math.min(1, Math.max(0, Math.round(value * 10000) / 10000));
const EMPTY_DRAFT: EditorDraft = { object: null, x: 0.5, y: 0.5, comment: '', placeholder: { x: 0.6, y: 0, width: 0.4, height: 1 }, shown: null };

/** The markers of one object the editor edits: all but the device's own (that one is draft.x/y). */
export function editableMarkers(loaded: LoadedEditor, object: number | null): DraftMarker[] {
  if (object === null) return [];
  return (loaded.markers[object] ?? []).filter((m: Marker) => m.device !== loaded.navigation.device);
}

function draftOf(loaded: LoadedEditor): EditorDraft {
  const { object, x, y, comment, placeholder, markers } = loaded.navigation;
  return { object, x, y, comment, placeholder, shown: markers };
}

/** Whether the screen shows a marker (null: it shows all of the object's). */
export function isShown(draft: EditorDraft, id: number): boolean {
  return draft.shown === null || draft.shown.includes(id);
}

/** The screen's choice with one marker on or off; back to null (all) once every marker of the object is on. */
function toggleShown(draft: EditorDraft, markers: DraftMarker[], id: number, on: boolean): number[] | null {
  const current = draft.shown ?? markers.map((m) => m.id);
  const next = on ? (current.includes(id) ? current : [...current, id]) : current.filter((k) => k !== id);
  return markers.every((m) => next.includes(m.id)) ? null : next;
}

const mapMarker = (markers: DraftMarker[], id: number, change: (m: DraftMarker) => DraftMarker) => markers.map((m) => (m.id === id ? change(m) : m));

/**
 * The navigation editor of one device: loading -> editing (clean, or dirty with unapplied changes: the switch question,
 * confirmingLeave, asks before another object drops them; leaving the page asks through the shared leave question,
 * machines/leaveGuard, on the `dirty` tag) -> applying (save) -> editing.clean;
 * "Send changes to device" only from editing.clean -> sending.
 * Konva handlers send marker.* / device.move / editor.placeholder; the view provides the notices.
 */
export const deviceNavigationEditorMachine = setup({
  types: { context: {} as EditorContext, events: {} as EditorEvent, input: {} as { deviceId: number } },
  actors: {
    load: fromPromise<LoadedEditor, { deviceId: number }>(({ input }) => loadDeviceNavigation(input.deviceId)),
    apply: fromPromise<LoadedEditor, { deviceId: number; loaded: LoadedEditor; draft: EditorDraft; markers: DraftMarker[] }>(({ input }) => applyDeviceNavigation(input)),
    send: fromPromise<{ sent_version: number }, { deviceId: number }>(({ input }) => sendDeviceNavigation(input.deviceId)),
  },
  guards: {
    isEditable: ({ context }, params: { id: number }) => context.markers.some((m) => m.id === params.id && m.kind !== 'device'),
    isOnObject: ({ context }, params: { id: number }) => context.markers.some((m) => m.id === params.id),
    hasObject: ({ context }) => context.draft.object !== null,
    isSameObject: ({ context }, params: { object: number | null }) => context.draft.object === params.object,
  },
  actions: {
    takeLoaded: assign((_, params: { loaded: LoadedEditor }) => ({
      loaded: params.loaded,
      draft: draftOf(params.loaded),
      markers: editableMarkers(params.loaded, params.loaded.navigation.object),
      selected: null,
      error: null,
    })),
    setError: assign((_, params: { error: unknown }) => ({ error: errorCodeOf(params.error) })),
    clearError: assign({ error: null }),
    chooseObject: assign(({ context }, params: { object: number | null }) => ({
      draft: { ...context.draft, object: params.object, shown: null },
      markers: editableMarkers(context.loaded!, params.object),
      selected: null,
    })),
    setComment: assign(({ context }, params: { comment: string }) => ({ draft: { ...context.draft, comment: params.comment } })),
    setPlaceholder: assign(({ context }, params: { placeholder: Placeholder }) => ({ draft: { ...context.draft, placeholder: params.placeholder } })),
    moveDevice: assign(({ context }, params: { x: number; y: number }) => ({ draft: { ...context.draft, x: clamp(params.x), y: clamp(params.y) } })),
    addMarker: assign(({ context }, params: { point: { x: number; y: number }; draft: MarkerDraft }) => ({
      markers: [
        ...context.markers,
        { id: context.nextTempId, object: context.draft.object!, device: null, photo: null, x: clamp(params.point.x), y: clamp(params.point.y), ...params.draft },
      ],
      selected: context.nextTempId,
      nextTempId: context.nextTempId - 1,
      // A new marker is shown on this screen too when the screen shows a chosen few.
      draft: context.draft.shown === null ? context.draft : { ...context.draft, shown: [...context.draft.shown, context.nextTempId] },
    })),
    moveMarker: assign(({ context }, params: { id: number; x: number; y: number }) => ({
      markers: mapMarker(context.markers, params.id, (m) => ({ ...m, x: clamp(params.x), y: clamp(params.y) })),
      selected: params.id,
    })),
    nudgeMarker: assign(({ context }, params: { id: number; dx: number; dy: number }) => ({
      markers: mapMarker(context.markers, params.id, (m) => ({ ...m, x: clamp(m.x + params.dx), y: clamp(m.y + params.dy) })),
    })),
    updateMarker: assign(({ context }, params: { id: number; patch: Partial<MarkerDraft> }) => ({
      markers: mapMarker(context.markers, params.id, (m) => ({ ...m, ...params.patch })),
    })),
    setPhoto: assign(({ context }, params: { id: number; file: Blob & { name?: string } }) => ({
      markers: mapMarker(context.markers, params.id, (m) => ({ ...m, photoFile: params.file })),
    })),
    deleteMarker: assign(({ context }, params: { id: number }) => ({
      markers: context.markers.filter((m) => m.id !== params.id),
      draft: context.draft.shown === null ? context.draft : { ...context.draft, shown: context.draft.shown.filter((id) => id !== params.id) },
      selected: context.selected === params.id ? null : context.selected,
    })),
    select: assign((_, params: { id: number | null }) => ({ selected: params.id })),
    showMarker: assign(({ context }, params: { id: number; shown: boolean }) => ({
      draft: { ...context.draft, shown: toggleShown(context.draft, context.markers, params.id, params.shown) },
    })),
    showAll: assign(({ context }) => ({ draft: { ...context.draft, shown: null } })),
    showNone: assign(({ context }) => ({ draft: { ...context.draft, shown: [] } })),
    holdLeave: assign((_, params: { to: LeaveTarget }) => ({ leaving: params.to })),
    dropLeave: assign({ leaving: null }),
    switchObject: assign(({ context }) => {
      const object = context.leaving !== null ? context.leaving.object : context.draft.object;
      return { draft: { ...context.draft, object, shown: null }, markers: editableMarkers(context.loaded!, object), selected: null, leaving: null };
    }),
    applied: () => undefined,
    applyFailed: (_, _params: { error: string }) => undefined,
    sent: (_, _params: { version: number }) => undefined,
    sendFailed: (_, _params: { error: string }) => undefined,
  },
}).createMachine({
  id: 'deviceNavigationEditor',
  context: ({ input }) => ({ deviceId: input.deviceId, loaded: null, draft: EMPTY_DRAFT, markers: [], selected: null, nextTempId: -1, error: null, leaving: null }),
  initial: 'loading',
  states: {
    loading: {
      tags: ['loading'],
      invoke: {
        id: 'load',
        src: 'load',
        input: ({ context }) => ({ deviceId: context.deviceId }),
        onDone: { target: 'editing', actions: { type: 'takeLoaded', params: ({ event }) => ({ loaded: event.output }) } },
        onError: { target: 'loadFailed', actions: { type: 'setError', params: ({ event }) => ({ error: event.error }) } },
      },
    },
    loadFailed: {
      on: { 'editor.retry': { target: 'loading', actions: 'clearError' } },
    },
    editing: {
      initial: 'clean',
      on: {
        'editor.object': { target: '.dirty', actions: { type: 'chooseObject', params: ({ event }) => event } },
        'editor.comment': { target: '.dirty', actions: { type: 'setComment', params: ({ event }) => event } },
        'editor.placeholder': { target: '.dirty', actions: { type: 'setPlaceholder', params: ({ event }) => event } },
        'device.move': { target: '.dirty', actions: { type: 'moveDevice', params: ({ event }) => event } },
        'marker.add': { guard: 'hasObject', target: '.dirty', actions: { type: 'addMarker', params: ({ event }) => event } },
        'marker.move': { guard: { type: 'isEditable', params: ({ event }) => event }, target: '.dirty', actions: { type: 'moveMarker', params: ({ event }) => event } },
        'marker.nudge': { guard: { type: 'isEditable', params: ({ event }) => event }, target: '.dirty', actions: { type: 'nudgeMarker', params: ({ event }) => event } },
        'marker.update': { guard: { type: 'isEditable', params: ({ event }) => event }, target: '.dirty', actions: { type: 'updateMarker', params: ({ event }) => event } },
        'marker.photo': { guard: { type: 'isEditable', params: ({ event }) => event }, target: '.dirty', actions: { type: 'setPhoto', params: ({ event }) => event } },
        'marker.delete': { guard: { type: 'isEditable', params: ({ event }) => event }, target: '.dirty', actions: { type: 'deleteMarker', params: ({ event }) => event } },
        'marker.select': { actions: { type: 'select', params: ({ event }) => event } },
        'markers.show': { guard: { type: 'isOnObject', params: ({ event }) => event }, target: '.dirty', actions: { type: 'showMarker', params: ({ event }) => event } },
        'markers.showAll': { guard: 'hasObject', target: '.dirty', actions: 'showAll' },
        'markers.showNone': { guard: 'hasObject', target: '.dirty', actions: 'showNone' },
      },
      states: {
        clean: {
          on: {
            'editor.send': { target: '#deviceNavigationEditor.sending', actions: 'clearError' },
          },
        },
        dirty: {
          tags: ['dirty'],
          on: {
            'editor.apply': { target: '#deviceNavigationEditor.applying', actions: 'clearError' },
            // The switch question: another object would drop the unapplied changes, so it asks first.
            'editor.object': [
              { guard: { type: 'isSameObject', params: ({ event }) => event } },
              { target: '#deviceNavigationEditor.confirmingLeave', actions: { type: 'holdLeave', params: ({ event }) => ({ to: { object: event.object } }) } },
            ],
          },
        },
      },
    },
    confirmingLeave: {
      tags: ['dirty'],
      on: {
        'leave.stay': { target: 'editing.dirty', actions: 'dropLeave' },
        'leave.confirm': { target: 'editing.dirty', actions: 'switchObject' },
      },
    },
    applying: {
      tags: ['busy', 'dirty'],
      invoke: {
        id: 'apply',
        src: 'apply',
        input: ({ context }) => ({ deviceId: context.deviceId, loaded: context.loaded!, draft: context.draft, markers: context.markers }),
        onDone: { target: 'editing.clean', actions: [{ type: 'takeLoaded', params: ({ event }) => ({ loaded: event.output }) }, 'applied'] },
        onError: {
          target: 'editing.dirty',
          actions: [{ type: 'setError', params: ({ event }) => ({ error: event.error }) }, { type: 'applyFailed', params: ({ event }) => ({ error: errorCodeOf(event.error) }) }],
        },
      },
    },
    sending: {
      tags: ['busy'],
      invoke: {
        id: 'send',
        src: 'send',
        input: ({ context }) => ({ deviceId: context.deviceId }),
        onDone: { target: 'editing.clean', actions: { type: 'sent', params: ({ event }) => ({ version: event.output.sent_version }) } },
        onError: {
          target: 'editing.clean',
          actions: [{ type: 'setError', params: ({ event }) => ({ error: event.error }) }, { type: 'sendFailed', params: ({ event }) => ({ error: errorCodeOf(event.error) }) }],
        },
      },
    },
  },
});
