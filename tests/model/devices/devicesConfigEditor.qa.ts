import { devicesConfigEditorMachine } from '../../../src/machines/devices/devicesConfigEditor.machine.ts';
import type { DeviceConfig } from '../../../src/services/devices.service.ts';
import { ApiRequestError } from '../../../src/services/http.ts';
import { defineQa, done, error } from '../qa/catalogue.ts';
import { englishText, text } from '../qa/screen.ts';
import { DEVICES_EDITOR, offlineBefore, withScreen } from './pages.ts';

const config = (id: number, name: string, content: string): DeviceConfig => ({
  id,
  device: 7,
  name,
  path: `/etc/vitrine/${name}`,
  content,
  updated_at: '2026-01-01T00:00:00.000Z',
});
const PLAYER = config(1, 'player.json', '{"volume": 50}\n');
const DISPLAY = config(2, 'display.conf', 'rotation=0\n');
const EDITED = '{"volume": 10}\n';

const TWO_FILES = 'the device has player.json and display.conf';
const NO_FILES = 'the device has no config file';
const NOT_FOUND = 'the device is gone (404)';
const RELOAD = 'press "Reload"';
const PICK_PLAYER = 'pick player.json';
const PICK_DISPLAY = 'pick display.conf';
const EDIT = 'change the volume to 10';
const EDIT_BACK = 'type the saved text back';
const SAVE = 'press "Save"';
const REVERT = 'press "Revert"';
const DISCARD = 'answer "Discard changes"';
const KEEP = 'answer "Keep editing"';
const SAVED = 'the server saves the file';
const INVALID = 'the server refuses: not valid JSON';
const OFFLINE = 'the network is down during the save';

type Context = { selectedId: number | null; configs: DeviceConfig[]; draft: string };
const selectedName = (context: Context) => context.configs.find((c) => c.id === context.selectedId)?.name ?? null;
const savedText = (context: Context) => context.configs.find((c) => c.id === context.selectedId)?.content ?? '';

// What the page shows (src/views/devices/DeviceConfigsScreen.tsx, ConfigEditor.tsx).
const SAVE_BUTTON = text('devices:actions.save');
const REVERT_BUTTON = text('devices:configs.revert');
const RETRY = text('devices:configs.retry');
const holds = (file: DeviceConfig, content = file.content) => `the editor ${text('devices:configs.editor', { name: file.name })} under ${file.path} holds ${content.trim()}`;
const opened = (file: DeviceConfig) => `${file.name} is highlighted in the list; ${holds(file)}; ${SAVE_BUTTON} and ${REVERT_BUTTON} are disabled`;
const MODIFIED = `${SAVE_BUTTON} and ${REVERT_BUTTON} turn enabled and ${text('devices:configs.modified')} shows beside them`;
const UNMODIFIED = `${text('devices:configs.modified')} goes and ${SAVE_BUTTON} and ${REVERT_BUTTON} are disabled again`;
const QUESTION = `the question ${text('devices:configs.unsavedTitle')}: ${text('devices:configs.switchText', { name: 'player.json' })} with ${text('devices:configs.keep')} and ${text('devices:configs.discard')}`;
const SPINNER = [`the spinner ${text('common:loading')}`];
const red = (message: string) => `under the editor, in red: ${message}`;

/** Spec: a draft is unsaved exactly when it differs from the file as last saved. */
const typed = (content: string) => (context: Context) => {
  const file = context.configs.find((c) => c.id === context.selectedId)!;
  const screen = content === context.draft ? [] : [holds(file, content), content === savedText(context) ? UNMODIFIED : MODIFIED];
  return content === savedText(context) ? { to: 'ready.clean', see: { unsaved: false, draft: content }, screen } : { to: 'ready.dirty', see: { unsaved: true, draft: content }, screen };
};
const NO_EDITOR = 'no file is open, so there is no editor';
const COVERED = 'the question covers the page until it is answered';
const notLoaded = { loading: 'the page shows only its spinner while the files load', empty: 'the device has no files, so there is nothing to pick or edit', failed: 'no files are listed after a failed load' };

/** Section 5, device configs: load, pick, edit with an unsaved-changes guard, save, revert. */
export default defineQa({
  machine: devicesConfigEditorMachine,
  file: 'src/machines/devices/devicesConfigEditor.machine.ts',
  title: "The config editor of one device's files",
  req: { [SAVED]: ['S8.2-8'] },
  actors: ['loadConfigs', 'saveConfig'],
  recorded: ['notify'],
  namespace: 'devices',
  input: { deviceId: 7 },
  preconditions: {
    start: {
      route: `/devices/7/configs (or press the row of device 7 on /devices, then ${text('devices:actions.configs')} in its card)`,
      user: `${DEVICES_EDITOR} (with Devices "View" only the editor is read-only)`,
      data: 'device 7, named Screen 7, added with the default config "Standard", so it has the files player.json (/etc/vitrine/player.json) and display.conf; save player.json as {"volume": 50} and display.conf as rotation=0 first',
    },
  },
  howTo: {
    [TWO_FILES]: 'wait: the server lists the files',
    [NO_FILES]: 'open the configs of a device without files (every default config gives a new device files: delete its rows from the table device_configs first)',
    [NOT_FOUND]: `delete device 7 in another tab before the page loads (or before pressing ${RETRY}); /devices/999999/configs answers the same`,
    [RELOAD]: `press ${RETRY} beside the error`,
    [DISCARD]: `press ${text('devices:configs.discard')} in the question`,
    [EDIT]: 'in the editor, change 50 to 10',
    [EDIT_BACK]: 'in the editor, change 10 back to 50',
    [SAVED]: 'wait: the server saves the file',
    [INVALID]: 'delete the closing brace in the editor before pressing "Save" (the server checks a .json file; the paths keep the text short)',
    [OFFLINE]: offlineBefore(`pressing ${SAVE_BUTTON}`),
  },
  offScreen: {
    [RELOAD]: { loading: 'the page shows only its spinner while the files load', empty: `the page has no ${RETRY} when the device has no files (reload the browser page instead)`, ready: `${RETRY} shows only after a failed load` },
    [PICK_PLAYER]: { ...notLoaded, 'ready.confirmingSwitch': COVERED },
    [PICK_DISPLAY]: { ...notLoaded, 'ready.confirmingSwitch': COVERED },
    [EDIT]: { ...notLoaded, 'ready.noSelection': NO_EDITOR, 'ready.confirmingSwitch': COVERED },
    [EDIT_BACK]: { ...notLoaded, 'ready.noSelection': NO_EDITOR, 'ready.confirmingSwitch': COVERED },
    [SAVE]: { ...notLoaded, 'ready.noSelection': NO_EDITOR, 'ready.clean': `${SAVE_BUTTON} is disabled until the text changes`, 'ready.confirmingSwitch': COVERED, 'ready.saving': `${SAVE_BUTTON} is disabled while the file saves` },
    [REVERT]: { ...notLoaded, 'ready.noSelection': NO_EDITOR, 'ready.clean': `${REVERT_BUTTON} is disabled until the text changes`, 'ready.confirmingSwitch': COVERED, 'ready.saving': `${REVERT_BUTTON} is disabled while the file saves` },
    [DISCARD]: (view) => (view.asking ? undefined : 'the question shows only after picking another file while the open one has unsaved changes'),
    [KEEP]: (view) => (view.asking ? undefined : 'the question shows only after picking another file while the open one has unsaved changes'),
  },
  events: {
    [TWO_FILES]: done('loadConfigs', [PLAYER, DISPLAY]),
    [NO_FILES]: done('loadConfigs', []),
    [NOT_FOUND]: error('loadConfigs', new ApiRequestError({ status: 404, code: 'not_found', detail: '' })),
    [RELOAD]: { type: 'config.reload' },
    [PICK_PLAYER]: { type: 'config.select', id: 1 },
    [PICK_DISPLAY]: { type: 'config.select', id: 2 },
    [EDIT]: { type: 'config.edit', content: EDITED },
    [EDIT_BACK]: { type: 'config.edit', content: PLAYER.content },
    [SAVE]: { type: 'config.save' },
    [REVERT]: { type: 'config.revert' },
    [DISCARD]: { type: 'config.discard' },
    [KEEP]: { type: 'config.keep' },
    [SAVED]: done('saveConfig', { ok: true, config: { ...PLAYER, content: EDITED } }),
    [INVALID]: done('saveConfig', { ok: false, reason: 'invalid_json' }),
    [OFFLINE]: error('saveConfig', new ApiRequestError({ status: 0, code: 'network_error', detail: '' })),
  },
  // The edits are of player.json: its saved text is what "type the saved text back" types.
  when: {
    [EDIT]: (snapshot) => snapshot.context.selectedId === 1,
    [EDIT_BACK]: (snapshot) => snapshot.context.selectedId === 1,
  },
  initial: { start: { to: 'loading', see: { loading: true }, calls: ['loadConfigs: {"deviceId":7}'], screen: [...SPINNER, `the button ${text('devices:configs.back')}`] } },
  expect: withScreen({
    loading: {
      [TWO_FILES]: { to: 'ready.noSelection', see: { files: ['player.json', 'display.conf'], loading: false, unsaved: false } },
      [NO_FILES]: { to: 'empty', see: { files: [] } },
      [NOT_FOUND]: { to: 'failed', see: { error: 'not_found' } },
    },
    failed: { [RELOAD]: { to: 'loading', calls: ['loadConfigs: {"deviceId":7}'] } },
    empty: { [RELOAD]: { to: 'loading', calls: ['loadConfigs: {"deviceId":7}'] } },
    'ready.noSelection': {
      [PICK_PLAYER]: { to: 'ready.clean', see: { selected: 'player.json', draft: PLAYER.content } },
      [PICK_DISPLAY]: { to: 'ready.clean', see: { selected: 'display.conf', draft: DISPLAY.content } },
    },
    'ready.clean': {
      [PICK_PLAYER]: { to: 'ready.clean', see: { selected: 'player.json', draft: PLAYER.content } },
      [PICK_DISPLAY]: { to: 'ready.clean', see: { selected: 'display.conf', draft: DISPLAY.content } },
      [EDIT]: typed(EDITED),
      [EDIT_BACK]: typed(PLAYER.content),
    },
    'ready.dirty': {
      [EDIT]: typed(EDITED),
      [EDIT_BACK]: typed(PLAYER.content),
      [SAVE]: (context: Context) => ({ to: 'ready.saving', see: { busy: true, unsaved: true }, calls: [`saveConfig: {"deviceId":7,"configId":${context.selectedId},"content":${JSON.stringify(context.draft)}}`] }),
      [REVERT]: (context: Context) => ({ to: 'ready.clean', see: { unsaved: false, draft: savedText(context) } }),
      // Picking the file already open is no switch at all.
      [PICK_PLAYER]: (context: Context) => (context.selectedId === 1 ? 'ready.dirty' : { to: 'ready.confirmingSwitch', see: { asking: true } }),
      [PICK_DISPLAY]: (context: Context) => (context.selectedId === 2 ? 'ready.dirty' : { to: 'ready.confirmingSwitch', see: { asking: true } }),
    },
    'ready.confirmingSwitch': {
      [DISCARD]: (context: Context & { pendingId: number }) => {
        const picked = context.configs.find((c) => c.id === context.pendingId)!;
        return { to: 'ready.clean', see: { selected: picked.name, draft: picked.content, unsaved: false, asking: false } };
      },
      [KEEP]: (context: Context) => ({ to: 'ready.dirty', see: { selected: selectedName(context), draft: context.draft, asking: false } }),
    },
    'ready.saving': {
      [SAVED]: { to: 'ready.clean', see: { unsaved: false, draft: EDITED, busy: false }, calls: ['notify: {"intent":"success","message":"devices:configs.updated"}'] },
      [INVALID]: { to: 'ready.dirty', see: { error: 'invalid_json', draft: EDITED }, calls: ['notify: {"intent":"error","message":"devices:errors.invalid_json"}'] },
      [OFFLINE]: { to: 'ready.dirty', see: { error: 'network_error' }, calls: ['notify: {"intent":"error","message":"common:messages.saveError"}'] },
    },
  }, {
    loading: {
      [TWO_FILES]: [`the heading ${text('devices:configs.heading', { name: 'Screen 7' })}; the files player.json (/etc/vitrine/player.json) and display.conf to pick from; beside them ${text('devices:configs.pick')}`],
      [NO_FILES]: [text('devices:configs.empty')],
      [NOT_FOUND]: [`"${englishText('devices:configs.loadError')}: ${englishText('common:errors.not_found')}" and the button ${RETRY}`],
    },
    failed: { [RELOAD]: SPINNER },
    empty: { [RELOAD]: SPINNER },
    'ready.noSelection': { [PICK_PLAYER]: [opened(PLAYER)], [PICK_DISPLAY]: [opened(DISPLAY)] },
    'ready.clean': { [PICK_PLAYER]: [opened(PLAYER)], [PICK_DISPLAY]: [opened(DISPLAY)] },
    'ready.dirty': {
      [SAVE]: [`${SAVE_BUTTON} shows a spinner; ${SAVE_BUTTON} and ${REVERT_BUTTON} are disabled`],
      [REVERT]: [holds(PLAYER), UNMODIFIED],
      [PICK_DISPLAY]: [QUESTION],
    },
    'ready.confirmingSwitch': {
      [DISCARD]: [`the question closes, the change to player.json is dropped; ${opened(DISPLAY)}`],
      [KEEP]: [`the question closes; player.json stays open with its change, ${text('devices:configs.modified')}`],
    },
    'ready.saving': {
      [SAVED]: [`${text('devices:configs.modified')} goes; the editor keeps {"volume": 10}`],
      [INVALID]: [red(text('devices:errors.invalid_json')), `${text('devices:configs.modified')} stays`],
      [OFFLINE]: [red(text('devices:errors.generic')), `${text('devices:configs.modified')} stays`],
    },
  }),
  view: (snapshot) => ({
    loading: snapshot.hasTag('loading'),
    busy: snapshot.hasTag('busy'),
    unsaved: snapshot.hasTag('dirty'),
    asking: snapshot.matches({ ready: 'confirmingSwitch' }),
    files: snapshot.context.configs.map((c) => c.name),
    selected: selectedName(snapshot.context),
    draft: snapshot.context.draft,
    error: snapshot.context.error,
  }),
  invariant: (snapshot) => {
    const saved = snapshot.context.configs.find((c) => c.id === snapshot.context.selectedId)?.content;
    const modified = snapshot.context.selectedId !== null && snapshot.context.draft !== saved;
    // The unsaved-changes guard of the view reads the tag: on exactly while the draft differs from the saved file.
    if (!snapshot.matches({ ready: 'saving' }) && snapshot.hasTag('dirty') !== modified) throw new Error(`dirty tag ${snapshot.hasTag('dirty')} with modified ${modified}`);
  },
});
