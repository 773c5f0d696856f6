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

  it('refuses a widget the server would refuse (issue 38), each setting under its zone, and sends nothing', async () => {
    const fetch = vi.fn();
    vi.stubGlobal('fetch', fetch);
    const save = layoutEditorMachine.implementations.actors.saveLayout as AnyActorLogic;
    const rect = { x: 0, y: 0, width: 400, height: 100 };
    const zones = [
      { name: 'Clock', ...rect, z: 0, content: { kind: 'widget', widget: 'clock', settings: { font_size: 500, color: 'white' } } },
      { name: 'Ticker', ...rect, z: 1, content: { kind: 'widget', widget: 'ticker', settings: { messages: ['Hello', ''], speed: '12a' } } },
    ];
    const outcome = await toPromise(createActor(save, { input: { layoutId: 7, canvas: { width: 1920, height: 1080 }, body: { zones } } }).start());
    expect(outcome).toEqual({
      ok: false,
      code: 'validation_error',
      fields: {
        'zones.0.content.settings.font_size': 'out_of_range',
        'zones.0.content.settings.color': 'invalid_format',
        'zones.1.content.settings.messages.1': 'required',
        'zones.1.content.settings.speed': 'invalid',
      },
    });
    const empty = [{ name: 'Ticker', ...rect, z: 0, content: { kind: 'widget', widget: 'ticker', settings: { messages: [] } } }];
    const refused = await toPromise(createActor(save, { input: { layoutId: 7, canvas: { width: 1920, height: 1080 }, body: { zones: empty } } }).start());
    expect(refused).toEqual({ ok: false, code: 'widget_invalid', fields: { 'zones.0.content.settings.messages': 'required' } });
    expect(fetch).not.toHaveBeenCalled();
    vi.unstubAllGlobals();
  });
});
