import { deviceNavigationEditorMachine, type EditorContext } from '../../../src/machines/navigation/deviceNavigationEditor.machine.ts';
import { ApiRequestError } from '../../../src/services/http.ts';
import type { LoadedEditor } from '../../../src/services/navigationEditor.service.ts';
import { defineQa, done, error } from '../qa/catalogue.ts';
import { inWords } from '../qa/run.ts';

const LOADED = 'the map of device 5 arrives (object "Floor 1" with a toilet, its own marker and another screen)';
const LOAD_FAILED = 'the server fails to load the map';
const RETRY = 'press "Retry"';
const OBJECT_2 = 'choose the object "Floor 2"';
const COMMENT = 'type the comment "Near the lifts"';
const PLACEHOLDER = 'resize the media placeholder to the right half';
const DEVICE_DRAG = "drag the screen's own marker to 20 % across, 30 % down";
const ADD = 'place a toilet marker at 40 % across, 40 % down';
const MOVE = 'drag the toilet marker to 70 % across, 10 % down';
const MOVE_OTHER = "drag another screen's marker";
const NUDGE = 'press the right arrow with the toilet marker selected';
const RECOLOUR = 'colour the toilet marker red in the side panel';
const PHOTO = 'give the toilet marker a photo';
const DELETE = 'delete the toilet marker';
const SELECT = 'select the toilet marker';
const HIDE = 'untick the toilet marker under "Shown on this screen"';
const SHOW = 'tick the toilet marker under "Shown on this screen"';
const SHOW_ALL = 'press "Select all" under "Shown on this screen"';
const SHOW_NONE = 'press "Select none" under "Shown on this screen"';
const APPLY = 'press "Apply"';
const OBJECT_1 = 'choose the object "Floor 1" (the one shown)';
// Leaving the page with unapplied changes is the shared leave question's (leaveGuard.qa.ts): the editor only asks
// before another object drops them.
const CONFIRM_LEAVE = 'answer "Switch" to the question about another object';
const STAY = 'answer "Stay" to the question about another object';
const APPLIED = 'the server saves the changes';
const APPLY_FAILED = 'the server refuses the changes (validation error)';
const SEND = 'press "Send changes to device"';
const SENT = 'the server sends version 2 to the device';
const SEND_FAILED = 'the network is down while sending';

const placeholder = { x: 0.6, y: 0, width: 0.4, height: 1 };
const object = (id: number, name: string) => ({ id, office: 3, name, layout: `/api/v1/navigation/objects/${id}/layout?v=${id}`, width: 800, height: 600, created_at: '2026-11-22T10:00:00.000Z' });
const marker = (id: number, kind: 'toilet' | 'device', device: number | null, x: number) => ({ id, object: 1, kind, device, x, y: 0.5, color: '#0f6cbd', description: '', photo: null });
const loaded: LoadedEditor = {
  navigation: { device: 5, object: 1, x: 0.5, y: 0.5, comment: '', placeholder, markers: null, version: 1, sent_version: 1 },
  device: { id: 5, name: 'Entrance', sn: 'SN-5', office: 3, office_name: 'Mall' },
  objects: [object(1, 'Floor 1'), object(2, 'Floor 2')],
  markers: { 1: [marker(11, 'toilet', null, 0.1), marker(12, 'device', 5, 0.5), marker(13, 'device', 6, 0.9)], 2: [] },
};
const applied: LoadedEditor = { ...loaded, navigation: { ...loaded.navigation, version: 2 } };

type Context = EditorContext;
const has = (c: Context, id: number) => c.markers.some((m) => m.id === id && m.kind !== 'device');
const ids = (c: Context) => c.markers.map((m) => m.id);
/** The screen's choice after ticking or unticking marker 11 (spec: absent = all of the object's markers). */
const shownAfter = (c: Context, on: boolean) => {
  const current = c.draft.shown ?? ids(c);
  const next = on ? (current.includes(11) ? current : [...current, 11]) : current.filter((id) => id !== 11);
  return ids(c).every((id) => next.includes(id)) ? null : next;
};
const onObject = (c: Context) => c.markers.some((m) => m.id === 11);
const edit = (c: Context, id: number, see: Record<string, unknown>) => (has(c, id) ? { to: 'editing.dirty', see } : { to: 'editing', see: { markers: ids(c) } });

/** Spec section 2, navigation editor (one device): comment, media placeholder, markers, Apply, "Send changes to device". */
export default defineQa({
  machine: deviceNavigationEditorMachine,
  file: 'src/machines/navigation/deviceNavigationEditor.machine.ts',
  title: "The navigation editor of one device",
  actors: ['load', 'apply', 'send'],
  recorded: ['applied', 'applyFailed', 'sent', 'sendFailed'],
  input: { deviceId: 5 },
  events: {
    [LOADED]: done('load', loaded),
    [LOAD_FAILED]: error('load', new ApiRequestError({ status: 500, code: 'server_error', detail: 'Boom.' })),
    [RETRY]: { type: 'editor.retry' },
    [OBJECT_2]: { type: 'editor.object', object: 2 },
    [COMMENT]: { type: 'editor.comment', comment: 'Near the lifts' },
    [PLACEHOLDER]: { type: 'editor.placeholder', placeholder: { x: 0.5, y: 0, width: 0.5, height: 1 } },
    [DEVICE_DRAG]: { type: 'device.move', x: 0.2, y: 0.3 },
    [ADD]: { type: 'marker.add', point: { x: 0.4, y: 0.4 }, draft: { kind: 'toilet', color: '#0f6cbd', description: '' } },
    [MOVE]: { type: 'marker.move', id: 11, x: 0.7, y: 0.1 },
    [MOVE_OTHER]: { type: 'marker.move', id: 13, x: 0.1, y: 0.1 },
    [NUDGE]: { type: 'marker.nudge', id: 11, dx: 0.005, dy: 0 },
    [RECOLOUR]: { type: 'marker.update', id: 11, patch: { color: '#ff0000' } },
    [PHOTO]: { type: 'marker.photo', id: 11, file: new Blob(['photo']) },
    [DELETE]: { type: 'marker.delete', id: 11 },
    [SELECT]: { type: 'marker.select', id: 11 },
    [HIDE]: { type: 'markers.show', id: 11, shown: false },
    [SHOW]: { type: 'markers.show', id: 11, shown: true },
    [SHOW_ALL]: { type: 'markers.showAll' },
    [SHOW_NONE]: { type: 'markers.showNone' },
    [APPLY]: { type: 'editor.apply' },
    [OBJECT_1]: { type: 'editor.object', object: 1 },
    [CONFIRM_LEAVE]: { type: 'leave.confirm' },
    [STAY]: { type: 'leave.stay' },
    [APPLIED]: done('apply', applied),
    [APPLY_FAILED]: error('apply', new ApiRequestError({ status: 400, code: 'validation_error', detail: 'No.' })),
    [SEND]: { type: 'editor.send' },
    [SENT]: done('send', { device: 5, sent_version: 2 }),
    [SEND_FAILED]: error('send', new TypeError('Failed to fetch')),
  },
  initial: { start: { to: 'loading', see: { loading: true, dirty: false }, calls: ['load: {"deviceId":5}'] } },
  expect: {
    loading: {
      [LOADED]: { to: 'editing.clean', see: { loading: false, dirty: false, object: 1, markers: [11, 13], device: [0.5, 0.5], canSend: true, canApply: false } },
      [LOAD_FAILED]: { to: 'loadFailed', see: { error: 'server_error', loading: false } },
    },
    loadFailed: {
      [RETRY]: { to: 'loading', see: { error: null }, calls: ['load: {"deviceId":5}'] },
    },
    editing: {
      [OBJECT_2]: { to: 'editing.dirty', see: { object: 2, markers: [], shown: null, dirty: true, canSend: false, canApply: true } },
      [COMMENT]: { to: 'editing.dirty', see: { comment: 'Near the lifts', dirty: true } },
      [PLACEHOLDER]: { to: 'editing.dirty', see: { placeholder: { x: 0.5, y: 0, width: 0.5, height: 1 } } },
      [DEVICE_DRAG]: { to: 'editing.dirty', see: { device: [0.2, 0.3] } },
      [ADD]: (c: Context) => ({
        to: 'editing.dirty',
        see: { markers: [...ids(c), c.nextTempId], selected: c.nextTempId, shown: c.draft.shown === null ? null : [...c.draft.shown, c.nextTempId] },
      }),
      [MOVE]: (c: Context) => edit(c, 11, { selected: 11, toilet: [0.7, 0.1] }),
      [NUDGE]: (c: Context) => {
        const m = c.markers.find((k) => k.id === 11);
        return edit(c, 11, m ? { toilet: [Math.min(1, Math.round((m.x + 0.005) * 10000) / 10000), m.y] } : {});
      },
      [RECOLOUR]: (c: Context) => edit(c, 11, { toiletColour: '#ff0000' }),
      [PHOTO]: (c: Context) => edit(c, 11, { toiletPhoto: true }),
      [DELETE]: (c: Context) => edit(c, 11, { markers: ids(c).filter((id) => id !== 11), shown: c.draft.shown?.filter((id) => id !== 11) ?? null }),
      [HIDE]: (c: Context) => (onObject(c) ? { to: 'editing.dirty', see: { shown: shownAfter(c, false), dirty: true } } : { to: 'editing', see: { shown: c.draft.shown } }),
      [SHOW]: (c: Context) => (onObject(c) ? { to: 'editing.dirty', see: { shown: shownAfter(c, true), dirty: true } } : { to: 'editing', see: { shown: c.draft.shown } }),
      [SHOW_ALL]: { to: 'editing.dirty', see: { shown: null, dirty: true } },
      [SHOW_NONE]: { to: 'editing.dirty', see: { shown: [], dirty: true } },
      [MOVE_OTHER]: (c: Context) => ({ to: 'editing', see: { markers: ids(c) } }),
      [SELECT]: { to: 'editing', see: { selected: 11 } },
      [OBJECT_1]: { to: 'editing.dirty', see: { object: 1, markers: [11, 13], shown: null, dirty: true } },
    },
    'editing.clean': {
      [SEND]: { to: 'sending', see: { busy: true, canApply: false }, calls: ['send: {"deviceId":5}'] },
    },
    'editing.dirty': {
      // The switch question: another object would drop the unapplied changes, so it asks first.
      [OBJECT_2]: (c: Context) => (c.draft.object === 2 ? { to: 'editing.dirty', see: { object: 2 } } : { to: 'confirmingLeave', see: { leaving: { object: 2 }, object: c.draft.object, dirty: true } }),
      [OBJECT_1]: (c: Context) => (c.draft.object === 1 ? { to: 'editing.dirty', see: { object: 1 } } : { to: 'confirmingLeave', see: { leaving: { object: 1 }, object: c.draft.object, dirty: true } }),
      [APPLY]: (c: Context) => ({
        to: 'applying',
        see: { busy: true, dirty: true },
        calls: [`apply: ${inWords({ deviceId: 5, loaded: c.loaded, draft: c.draft, markers: c.markers })}`],
      }),
    },
    confirmingLeave: {
      [STAY]: { to: 'editing.dirty', see: { leaving: null, dirty: true }, calls: [] },
      [CONFIRM_LEAVE]: (c: Context) => ({ to: 'editing.dirty', see: { object: c.leaving!.object, shown: null, leaving: null, selected: null } }),
    },
    applying: {
      [APPLIED]: { to: 'editing.clean', see: { dirty: false, busy: false, object: 1, markers: [11, 13], comment: '' }, calls: ['applied'] },
      [APPLY_FAILED]: { to: 'editing.dirty', see: { error: 'validation_error', dirty: true }, calls: ['applyFailed: {"error":"validation_error"}'] },
    },
    sending: {
      [SENT]: { to: 'editing.clean', see: { busy: false, error: null }, calls: ['sent: {"version":2}'] },
      [SEND_FAILED]: { to: 'editing.clean', see: { error: 'network_error' }, calls: ['sendFailed: {"error":"network_error"}'] },
    },
  },
  view: (snapshot) => {
    const toilet = snapshot.context.markers.find((m) => m.id === 11);
    return {
      loading: snapshot.hasTag('loading'),
      dirty: snapshot.hasTag('dirty'),
      busy: snapshot.hasTag('busy'),
      canSend: snapshot.can({ type: 'editor.send' }),
      canApply: snapshot.can({ type: 'editor.apply' }),
      error: snapshot.context.error,
      object: snapshot.context.draft.object,
      comment: snapshot.context.draft.comment,
      shown: snapshot.context.draft.shown,
      leaving: snapshot.context.leaving,
      placeholder: snapshot.context.draft.placeholder,
      device: [snapshot.context.draft.x, snapshot.context.draft.y],
      markers: snapshot.context.markers.map((m) => m.id),
      selected: snapshot.context.selected,
      toilet: toilet ? [toilet.x, toilet.y] : null,
      toiletColour: toilet?.color ?? null,
      toiletPhoto: !!toilet?.photoFile,
    };
  },
  key: (snapshot) => JSON.stringify([snapshot.value, snapshot.context.leaving, snapshot.context.draft.object, snapshot.context.markers.map((m) => m.id), snapshot.context.error !== null]),
});


