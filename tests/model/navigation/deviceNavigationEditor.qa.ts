import { deviceNavigationEditorMachine, type EditorContext } from '../../../src/machines/navigation/deviceNavigationEditor.machine.ts';
import { ApiRequestError } from '../../../src/services/http.ts';
import type { LoadedEditor } from '../../../src/services/navigationEditor.service.ts';
import { defineQa, done, error } from '../qa/catalogue.ts';
import { inWords } from '../qa/run.ts';
import { englishText, text } from '../qa/screen.ts';
import type { Expectations, StepExpectation } from '../qa/catalogue.ts';

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

// What the page shows (src/views/navigation/DeviceNavigationEditorScreen.tsx, MarkerPanel.tsx), for the QA page.
const n = (key: string, values: Record<string, unknown> = {}) => text(`navigation:${key}`, values);
const pct = (value: number) => Math.round(value * 100);
const UNAPPLIED = `the message ${n('editor.unapplied')} shows; ${n('editor.apply')} is enabled, ${n('editor.send')} disabled`;
const at = (x: number, y: number) => n('marker.at', { kind: englishText('navigation:kinds.toilet'), x: pct(x), y: pct(y) });
const toiletOf = (c: Context) => c.markers.find((m) => m.id === 11 && m.kind !== 'device');
/** Lines about the toilet marker when the object has it; a step on a marker that is not there changes nothing. */
const onToilet = (lines: (toilet: { x: number; y: number; color: string }) => string[]) => (c: Context) => {
  const toilet = toiletOf(c);
  return toilet ? [...lines(toilet), UNAPPLIED] : [];
};
const shownLine = (c: Context, shown: number[] | null) => {
  const all = ids(c);
  const count = shown === null ? all.length : all.filter((id) => shown.includes(id)).length;
  return all.length ? n('shown.count_other', { count, total: all.length }) : n('shown.empty');
};
const WORKING = `${n('editor.apply')} and ${n('editor.send')} are disabled, and so are the object list, the comment and the boxes under ${n('shown.title')}`;
const QUESTION = `the question ${n('leave.switchTitle')}: ${n('leave.text')} with ${n('leave.stay')} and ${n('leave.switch')}`;
const NOT_LOADED = { loading: 'the editor shows only its spinner while the map loads', loadFailed: 'the editor is not shown after a failed load' };
const COVERED = 'the question covers the page until it is answered';
const disabledWhileBusy = (what: string) => ({ ...NOT_LOADED, confirmingLeave: COVERED, applying: `${what} is disabled while the changes are saved`, sending: `${what} is disabled while the changes are sent` });
const onStage = { ...NOT_LOADED, confirmingLeave: COVERED };
/** The QA page's screen lines by state and sample, added to the expectations (a function: from the context before the step). */
const SCREENS: Record<string, Record<string, string[] | ((c: Context) => string[])>> = {
  loading: {
    [LOADED]: [
      `the heading ${n('editor.title', { name: 'Entrance' })}; ${n('editor.object')} reads Floor 1 and its layout shows a toilet, this screen and another screen; ${n('marker.own', { x: 50, y: 50 })}; ${n('shown.count_other', { count: 2, total: 2 })}; ${n('editor.send')} enabled, ${n('editor.apply')} disabled`,
    ],
    [LOAD_FAILED]: [`"${englishText('navigation:messages.loadError')}: ${englishText('common:errors.server_error')}" with the button ${n('actions.retry')}`],
  },
  loadFailed: { [RETRY]: [`the spinner ${text('common:loading')}`] },
  editing: {
    [OBJECT_2]: [`${n('editor.object')} reads Floor 2; its layout has no markers (${n('shown.empty')}); ${UNAPPLIED}`],
    [OBJECT_1]: [`${n('editor.object')} reads Floor 1; its layout shows the toilet and the other screen again; ${UNAPPLIED}`],
    [COMMENT]: [`the field ${n('editor.comment')} reads "Near the lifts"; ${UNAPPLIED}`],
    [PLACEHOLDER]: [`the rectangle under ${n('placeholder.title')} covers the right half (${n('placeholder.label', { x: 50, y: 0, width: 50, height: 100 })}); ${UNAPPLIED}`],
    [DEVICE_DRAG]: [`this screen's marker moves; the list reads ${n('marker.own', { x: 20, y: 30 })}; ${UNAPPLIED}`],
    [ADD]: [`a toilet marker ${at(0.4, 0.4)} joins the layout and the lists, selected; ${UNAPPLIED}`],
    [MOVE]: onToilet(() => [`the toilet marker moves and is selected: ${at(0.7, 0.1)}`]),
    [NUDGE]: onToilet((m) => [`the toilet marker moves a step right: ${at(Math.min(1, m.x + 0.005), m.y)}`]),
    [RECOLOUR]: onToilet(() => [`the toilet marker turns red; ${n('marker.color')} reads #ff0000`]),
    [PHOTO]: onToilet(() => [`under ${n('marker.photo')}: ${n('marker.photoPicked')}`]),
    [DELETE]: onToilet(() => ['the toilet marker leaves the layout and both lists']),
    [SELECT]: (c) => {
      const toilet = toiletOf(c);
      return toilet
        ? [`the toilet marker is highlighted; the side panel ${at(toilet.x, toilet.y)} shows ${n('marker.kind')}, ${n('marker.color')}, ${n('marker.description')}, ${n('marker.photo')} and ${text('common:actions.delete')}`]
        : ['nothing visible changes: this object has no toilet marker'];
    },
    [HIDE]: (c) => (toiletOf(c) ? [`the toilet's box is unticked; ${shownLine(c, shownAfter(c, false))}`, UNAPPLIED] : []),
    [SHOW]: (c) => (toiletOf(c) ? [`the toilet's box is ticked; ${shownLine(c, shownAfter(c, true))}`, UNAPPLIED] : []),
    [SHOW_ALL]: (c) => [`every box under ${n('shown.title')} is ticked; ${shownLine(c, null)}`, UNAPPLIED],
    [SHOW_NONE]: (c) => [`every box under ${n('shown.title')} is unticked; ${shownLine(c, [])}`, UNAPPLIED],
  },
  'editing.clean': { [SEND]: [`${n('editor.send')} is busy: ${WORKING}`] },
  'editing.dirty': {
    [OBJECT_2]: (c) => (c.draft.object === 2 ? [] : [QUESTION]),
    [OBJECT_1]: (c) => (c.draft.object === 1 ? [] : [QUESTION]),
    [APPLY]: [`${n('editor.apply')} is busy: ${WORKING}; the unapplied message goes`],
  },
  confirmingLeave: {
    [STAY]: ['the question closes; the object and its unapplied changes stay'],
    [CONFIRM_LEAVE]: ['the question closes; the other object opens without the unapplied changes of this one'],
  },
  applying: {
    [APPLIED]: [`the buttons are enabled again: ${n('editor.send')} enabled, ${n('editor.apply')} disabled`],
    [APPLY_FAILED]: [`the unapplied message shows again; ${n('editor.apply')} is enabled`],
  },
  sending: {
    [SENT]: [`${n('editor.send')} is enabled again`],
    [SEND_FAILED]: [`${n('editor.send')} is enabled again`],
  },
};
/** The expectations with the SCREENS lines added (a state or sample SCREENS names but the expectations lack is an error). */
function withLines(expect: Expectations): Expectations {
  const merged: Expectations = { ...expect };
  for (const [state, samples] of Object.entries(SCREENS)) {
    if (!merged[state]) throw new Error(`no expectations for the state ${state}`);
    const rules = { ...merged[state] };
    for (const [sample, lines] of Object.entries(samples)) {
      const rule = rules[sample];
      if (rule === undefined) throw new Error(`no expectation of "${sample}" in ${state}`);
      const add = (found: string | StepExpectation, c: Context): StepExpectation => {
        const extra = typeof lines === 'function' ? lines(c) : lines;
        return typeof found === 'string' ? { to: found, screen: extra } : { ...found, screen: [...(found.screen ?? []), ...extra] };
      };
      rules[sample] = (c: Context) => add(typeof rule === 'function' ? rule(c) : rule, c);
    }
    merged[state] = rules;
  }
  return merged;
}
const offline = (before: string) => `in the devtools Network tab, choose "Offline" before ${before}`;

/** Spec section 2, navigation editor (one device): comment, media placeholder, markers, Apply, "Send changes to device". */
export default defineQa({
  machine: deviceNavigationEditorMachine,
  file: 'src/machines/navigation/deviceNavigationEditor.machine.ts',
  title: "The navigation editor of one device",
  actors: ['load', 'apply', 'send'],
  recorded: ['applied', 'applyFailed', 'sent', 'sendFailed'],
  input: { deviceId: 5 },
  namespace: 'navigation',
  preconditions: {
    start: {
      route: '/navigation/5 (or "Navigation map" in the card of device 5 on /devices)',
      user: 'admin (or a user whose group gives Devices "Edit")',
      data:
        'device 5 "Entrance" in office 3 "Mall"; the office\'s objects Floor 1 (with a toilet marker at 10 %, 50 %, the marker of device 5 and that of another screen, device 6) and Floor 2 (no markers); the map of device 5 on Floor 1, applied and sent (version 1)',
    },
  },
  howTo: {
    [LOADED]: 'wait: the server answers the map',
    [LOAD_FAILED]: 'in the devtools Network tab, block the URL /api/v1/navigation/devices/5 and reload the page (a blocked request reads "The server cannot be reached…" after the colon instead of the 500\'s text)',
    [RETRY]: `press ${n('actions.retry')} beside the error (unblock the URL first)`,
    [OBJECT_2]: `open the list ${n('editor.object')} and choose Floor 2`,
    [OBJECT_1]: `open the list ${n('editor.object')} and choose Floor 1`,
    [PLACEHOLDER]: `drag the left edge of the rectangle under ${n('placeholder.title')} to the middle`,
    [ADD]: `press ${n('marker.addMarker')}, click the layout at 40 %, 40 % and press ${n('marker.add')} in the side panel (icon ${n('kinds.toilet')})`,
    [NUDGE]: 'click the toilet marker, then press the right arrow key with the layout focused',
    [RECOLOUR]: `select the toilet marker, then set ${n('marker.color')} to #ff0000 in the side panel`,
    [PHOTO]: `select the toilet marker, then pick a picture under ${n('marker.photo')} in the side panel`,
    [DELETE]: `select the toilet marker, press ${text('common:actions.delete')} in the side panel and confirm`,
    [SELECT]: 'click the toilet marker on the layout (or its line in the list of markers)',
    [HIDE]: `untick the toilet's box under ${n('shown.title')}`,
    [SHOW]: `tick the toilet's box under ${n('shown.title')}`,
    [APPLY]: `press ${n('editor.apply')}`,
    [SEND]: `press ${n('editor.send')}`,
    [APPLIED]: 'wait: the server saves the changes',
    [APPLY_FAILED]: 'in the devtools Network tab, block the URL /api/v1/navigation/devices/5 before pressing "Apply" (a blocked request gives "The server cannot be reached…" in the toast instead of the 400\'s text)',
    [SENT]: 'wait: the server queues the map for the device',
    [SEND_FAILED]: offline(`pressing ${n('editor.send')}`),
  },
  offScreen: {
    [RETRY]: { editing: `${n('actions.retry')} shows only after a failed load`, confirmingLeave: COVERED, applying: `${n('actions.retry')} shows only after a failed load`, sending: `${n('actions.retry')} shows only after a failed load` },
    [OBJECT_2]: disabledWhileBusy(`the list ${n('editor.object')}`),
    [OBJECT_1]: disabledWhileBusy(`the list ${n('editor.object')}`),
    [COMMENT]: disabledWhileBusy(`the field ${n('editor.comment')}`),
    [HIDE]: disabledWhileBusy(`the box under ${n('shown.title')}`),
    [SHOW]: disabledWhileBusy(`the box under ${n('shown.title')}`),
    [SHOW_ALL]: disabledWhileBusy(n('shown.all')),
    [SHOW_NONE]: disabledWhileBusy(n('shown.none')),
    [APPLY]: { ...NOT_LOADED, confirmingLeave: COVERED, 'editing.clean': `${n('editor.apply')} is disabled until something changes`, applying: `${n('editor.apply')} is disabled while the changes are saved`, sending: `${n('editor.apply')} is disabled while the changes are sent` },
    [SEND]: { ...NOT_LOADED, confirmingLeave: COVERED, 'editing.dirty': `${n('editor.send')} is disabled while changes are unapplied`, applying: `${n('editor.send')} is disabled while the changes are saved`, sending: `${n('editor.send')} is disabled while the changes are sent` },
    [PLACEHOLDER]: onStage,
    [DEVICE_DRAG]: onStage,
    [ADD]: { ...onStage, applying: `${n('marker.addMarker')} is disabled while the changes are saved`, sending: `${n('marker.addMarker')} is disabled while the changes are sent` },
    [MOVE]: onStage,
    [MOVE_OTHER]: "another screen's marker cannot be dragged: only this screen's own marker and the object's markers move",
    [NUDGE]: onStage,
    [RECOLOUR]: onStage,
    [PHOTO]: onStage,
    [DELETE]: onStage,
    [SELECT]: onStage,
    [STAY]: (view) => (view.leaving === null ? 'the question shows only after choosing another object with unapplied changes' : undefined),
    [CONFIRM_LEAVE]: (view) => (view.leaving === null ? 'the question shows only after choosing another object with unapplied changes' : undefined),
  },
  onScreen: {
    applied: `a success toast ${n('messages.applied')}`,
    applyFailed: `an error toast "${englishText('common:messages.saveError')} ${englishText('common:errors.validation_error')}"`,
    sent: `a success toast ${n('messages.sent', { version: 2 })}`,
    sendFailed: `an error toast "${englishText('navigation:messages.sendError')} ${englishText('common:errors.network_error')}"`,
  },
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
  expect: withLines({
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
  }),
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


