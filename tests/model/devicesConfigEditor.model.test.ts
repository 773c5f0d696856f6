// Model-based paths over the config editor (xstate/graph): every shortest path to every abstract state, and every
// simple path up to the first save, executed on a real actor whose load / save calls the path settles.
import { describe, expect, it } from 'vitest';
import { createActor, waitFor, type SnapshotFrom } from 'xstate';
import { getShortestPaths, getSimplePaths } from 'xstate/graph';
import { devicesConfigEditorMachine, type ConfigEditorEvent } from '../../src/machines/devices/devicesConfigEditor.machine.ts';
import type { DeviceConfig } from '../../src/services/devices.service.ts';
import { ApiRequestError } from '../../src/services/http.ts';
import { controlledActors, describePath } from './executePath.ts';

type EditorSnapshot = SnapshotFrom<typeof devicesConfigEditorMachine>;

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

const events = [
  { type: 'xstate.done.actor.loadConfigs', output: [PLAYER, DISPLAY] },
  { type: 'xstate.done.actor.loadConfigs', output: [] },
  { type: 'xstate.error.actor.loadConfigs', error: new ApiRequestError({ status: 404, code: 'not_found', detail: '' }) },
  { type: 'config.reload' },
  { type: 'config.select', id: 1 },
  { type: 'config.select', id: 2 },
  { type: 'config.edit', content: EDITED },
  { type: 'config.edit', content: PLAYER.content },
  { type: 'config.save' },
  { type: 'config.revert' },
  { type: 'config.discard' },
  { type: 'config.keep' },
  { type: 'xstate.done.actor.saveConfig', output: { ok: true, config: { ...PLAYER, content: EDITED } } },
  { type: 'xstate.done.actor.saveConfig', output: { ok: true, config: { ...DISPLAY, content: EDITED } } },
  { type: 'xstate.done.actor.saveConfig', output: { ok: false, reason: 'invalid_json' } },
  { type: 'xstate.error.actor.saveConfig', error: new ApiRequestError({ status: 0, code: 'network_error', detail: '' }) },
] as unknown as ConfigEditorEvent[];

/** The server answers a save with the file it saved: an accepted save's output is the selected file. */
function filterEvents(snapshot: EditorSnapshot, event: ConfigEditorEvent): boolean {
  const output = (event as { output?: { ok?: boolean; config?: DeviceConfig } }).output;
  if (event.type === ('xstate.done.actor.saveConfig' as string) && output?.ok) return output.config!.id === snapshot.context.selectedId;
  return true;
}

const saved = (snapshot: EditorSnapshot) => snapshot.context.configs.find((c) => c.id === snapshot.context.selectedId)?.content;

/** The abstract state: where the machine is, what is picked and waiting, and whether the draft differs from the saved file. */
function serializeState(snapshot: EditorSnapshot): string {
  const { selectedId, pendingId, draft, configs } = snapshot.context;
  return JSON.stringify({ value: snapshot.value, selectedId, pendingId, modified: draft !== (saved(snapshot) ?? ''), files: configs.length, stored: configs.map((c) => c.content) });
}

/** What must hold in every state, whatever the route into it. */
function invariant(snapshot: EditorSnapshot) {
  const modified = snapshot.context.selectedId !== null && snapshot.context.draft !== saved(snapshot);
  // The unsaved-changes guard reads the tag: it is on exactly while the draft differs from the saved file.
  if (!snapshot.matches({ ready: 'saving' })) expect(snapshot.hasTag('dirty'), 'dirty tag').toBe(modified);
  if (snapshot.matches({ ready: 'confirmingSwitch' })) expect(snapshot.context.pendingId).not.toBeNull();
  else expect(snapshot.context.pendingId).toBeNull();
  if (snapshot.matches({ ready: 'noSelection' })) expect(snapshot.context.selectedId).toBeNull();
  if (snapshot.matches('empty')) expect(snapshot.context.configs).toEqual([]);
  if (snapshot.matches('ready')) expect(snapshot.context.configs.length).toBeGreaterThan(0);
  expect(snapshot.hasTag('busy')).toBe(snapshot.matches({ ready: 'saving' }));
}

function fakes() {
  const controlled = controlledActors(['loadConfigs', 'saveConfig'] as const);
  const notices: { intent: string; message: string }[] = [];
  const machine = devicesConfigEditorMachine.provide({ actors: controlled.actors, actions: { notify: (_, params) => void notices.push(params) } });
  return { machine, notices, ...controlled };
}

async function execute(path: { steps: { event: ConfigEditorEvent; state: unknown }[] }) {
  const { machine, settle, notices, inputs } = fakes();
  const actor = createActor(machine, { input: { deviceId: 7 } }).start();
  invariant(actor.getSnapshot());
  for (const step of path.steps.slice(1)) {
    if (!settle(step.event as never)) actor.send(step.event);
    const expected = serializeState(step.state as EditorSnapshot);
    const reached = await waitFor(actor, (snapshot) => serializeState(snapshot) === expected, { timeout: 2000 }).catch(() => actor.getSnapshot());
    expect(serializeState(reached), `after ${step.event.type}`).toBe(expected);
    invariant(reached);
  }
  actor.stop();
  return { notices, inputs };
}

describe('config editor model', () => {
  const { machine } = fakes();
  const options = { events, filterEvents, input: { deviceId: 7 }, serializeState: (snapshot: unknown) => serializeState(snapshot as EditorSnapshot) } as never;
  const shortest = getShortestPaths(machine, options);
  // Simple paths explode with every edit variant: explore them with one edit and one save outcome.
  const simpleEvents = events.filter((e) => !(e.type === 'config.edit' && e.content === PLAYER.content) && (e.type as string) !== 'xstate.error.actor.saveConfig');
  const simple = getSimplePaths(machine, { ...(options as object), events: simpleEvents, toState: (s: EditorSnapshot) => s.matches({ ready: 'clean' }) && s.context.selectedId === 1 && s.context.configs[0]!.content === EDITED } as never);

  it('reaches the empty message, the load failure and every editing state', () => {
    const values = new Set(shortest.map((path) => JSON.stringify(path.state.value)));
    for (const value of ['"loading"', '"failed"', '"empty"', '{"ready":"noSelection"}', '{"ready":"clean"}', '{"ready":"dirty"}', '{"ready":"confirmingSwitch"}', '{"ready":"saving"}']) {
      expect(values, value).toContain(value);
    }
    expect(simple.length).toBeGreaterThan(0);
  });

  describe('shortest paths', () => {
    it.each(shortest.map((path) => [describePath(path), path] as const))('%s', async (_name, path) => {
      await execute(path as never);
    });
  });

  describe('simple paths to a saved edit', () => {
    it.each(simple.map((path) => [describePath(path), path] as const))('%s', async (_name, path) => {
      const { notices, inputs } = await execute(path as never);
      // The saved text is the edited draft of player.json, and the user was told "Config updated!".
      expect(inputs.filter(([id]) => id === 'saveConfig').at(-1)?.[1]).toEqual({ deviceId: 7, configId: 1, content: EDITED });
      expect(notices.at(-1)).toEqual({ intent: 'success', message: 'devices:configs.updated' });
    });
  });
});
