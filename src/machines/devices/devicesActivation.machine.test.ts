import { describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { fakeDevice } from './devices.fixtures.ts';
import { devicesActivationMachine } from './devicesActivation.machine.ts';

describe('devicesActivationMachine', () => {
  it('deactivates and activates through change-active and reports each change', async () => {
    const changed = vi.fn();
    const actor = createActor(
      devicesActivationMachine.provide({
        actors: { changeActive: fromPromise(async ({ input }) => fakeDevice(input.id, { is_active: input.active, status: input.active ? 'offline' : 'disabled' })) },
        actions: { changed: (_, params) => changed(params.device.is_active) },
      }),
      { input: { device: fakeDevice(4) } },
    ).start();
    expect(actor.getSnapshot().value).toBe('active');
    actor.send({ type: 'activation.toggle' });
    expect(actor.getSnapshot().hasTag('busy')).toBe(true);
    await waitFor(actor, (s) => s.matches('inactive'));
    actor.send({ type: 'activation.toggle' });
    await waitFor(actor, (s) => s.matches('active'));
    expect(changed.mock.calls).toEqual([[false], [true]]);
  });

  it('stays as it was when the call fails', async () => {
    const notify = vi.fn();
    const actor = createActor(
      devicesActivationMachine.provide({
        actors: { changeActive: fromPromise(() => Promise.reject(new Error('down'))) },
        actions: { notify: (_, params) => notify(params) },
      }),
      { input: { device: fakeDevice(4, { is_active: false }) } },
    ).start();
    expect(actor.getSnapshot().value).toBe('inactive');
    actor.send({ type: 'activation.toggle' });
    await waitFor(actor, (s) => s.matches('inactive') && s.context.error !== null);
    expect(notify).toHaveBeenCalledWith({ intent: 'error', message: 'common:messages.updateError' });
  });
});
