import { describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { fakeDevice } from './devices.fixtures.ts';
import { devicesCardMachine } from './devicesCard.machine.ts';

function start(overrides: Record<string, unknown> = {}) {
  const notify = vi.fn();
  const removed = vi.fn();
  const changed = vi.fn();
  const actor = createActor(
    devicesCardMachine.provide({
      actors: {
        checkDevice: fromPromise(async ({ input }: { input: { id: number } }) => ({ id: input.id, ready: false, status: 'offline' as const, last_connection: null })),
        rebootDevice: fromPromise(async () => ({})),
        uploadPhoto: fromPromise(async () => ({ ok: false as const, reason: 'too_large' as const })),
        clearPhoto: fromPromise(async ({ input }: { input: { id: number } }) => fakeDevice(input.id)),
        deleteDevice: fromPromise(async () => undefined),
        ...overrides,
      } as never,
      actions: { notify: (_, params) => notify(params), removed: (_, params) => removed(params.id), changed: (_, params) => changed(params.device) },
    }),
    { input: { device: fakeDevice(5, { photo: '/api/v1/tvpi/devices/5/photo?v=x' }) } },
  ).start();
  return { actor, notify, removed, changed };
}

describe('devicesCardMachine', () => {
  it('checks: "Device is not ready" for an offline device', async () => {
    const { actor, notify } = start();
    actor.send({ type: 'card.check' });
    await waitFor(actor, (s) => s.matches('idle') && s.context.check !== null);
    expect(notify).toHaveBeenCalledWith({ intent: 'error', message: 'devices:card.notReady' });
  });

  it('checks: "Device is ready" for an online one', async () => {
    const { actor, notify } = start({ checkDevice: fromPromise(async () => ({ id: 5, ready: true, status: 'online', last_connection: null })) });
    actor.send({ type: 'card.check' });
    await waitFor(actor, (s) => s.matches('idle') && s.context.check !== null);
    expect(notify).toHaveBeenCalledWith({ intent: 'success', message: 'devices:card.ready' });
  });

  it('deletes only after the confirmation, then tells the list', async () => {
    const { actor, removed } = start();
    actor.send({ type: 'card.delete' });
    expect(actor.getSnapshot().value).toBe('confirmingDelete');
    actor.send({ type: 'card.delete.cancel' });
    expect(actor.getSnapshot().value).toBe('idle');
    actor.send({ type: 'card.delete' });
    actor.send({ type: 'card.delete.confirm' });
    await waitFor(actor, (s) => s.status === 'done');
    expect(removed).toHaveBeenCalledWith(5);
  });

  it('reports a refused photo with its reason and clears a photo', async () => {
    const { actor, notify, changed } = start();
    actor.send({ type: 'card.photo.set', file: new Blob(['x'], { type: 'image/png' }) });
    await waitFor(actor, (s) => s.matches('idle') && notify.mock.calls.length > 0);
    expect(notify).toHaveBeenLastCalledWith({ intent: 'error', message: 'devices:errors.too_large' });
    actor.send({ type: 'card.photo.clear' });
    await waitFor(actor, (s) => s.matches('idle') && s.context.device.photo === null);
    expect(changed).toHaveBeenCalledTimes(1);
  });
});
