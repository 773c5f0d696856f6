import { devicesConfigEditorMachine } from '../../../src/machines/devices/devicesConfigEditor.machine.ts';
import type { DeviceConfig } from '../../../src/services/devices.service.ts';
import { ApiRequestError } from '../../../src/services/http.ts';
import { defineQa, done, error } from '../qa/catalogue.ts';

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
/** Spec: a draft is unsaved exactly when it differs from the file as last saved. */
const typed = (text: string) => (context: Context) =>
  text === savedText(context) ? { to: 'ready.clean', see: { unsaved: false, draft: text } } : { to: 'ready.dirty', see: { unsaved: true, draft: text } };

/** Section 5, device configs: load, pick, edit with an unsaved-changes guard, save, revert. */
export default defineQa({
  machine: devicesConfigEditorMachine,
  file: 'src/machines/devices/devicesConfigEditor.machine.ts',
  title: "The config editor of one device's files",
  req: { [SAVED]: ['S8.2-8'] },
  actors: ['loadConfigs', 'saveConfig'],
  recorded: ['notify'],
  input: { deviceId: 7 },
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
  initial: { start: { to: 'loading', see: { loading: true }, calls: ['loadConfigs: {"deviceId":7}'] } },
  expect: {
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
  },
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
