import { createActor, toPromise, type AnyActorLogic } from 'xstate';
import { describe, expect, it, vi } from 'vitest';
import { layoutEditorMachine } from './layoutEditor.machine.ts';

describe('the editor save', () => {
  it('refuses a draft the server would refuse, with the server\'s codes, and sends nothing', async () => {
    const fetch = vi.fn();
    vi.stubGlobal('fetch', fetch);
    const save = layoutEditorMachine.implementations.actors.saveLayout as AnyActorLogic;
    const zones = [{ name: 'Main', x: 1900, y: 0, width: 100, height: 100, z: 0, content: null }];
    const outcome = await toPromise(createActor(save, { input: { layoutId: 7, canvas: { width: 1920, height: 1080 }, body: { zones } } }).start());
    expect(outcome).toEqual({ ok: false, code: 'zone_outside_canvas', fields: { 'zones.0.x': 'zone_outside_canvas' } });
    expect(fetch).not.toHaveBeenCalled();
    vi.unstubAllGlobals();
  });
});
