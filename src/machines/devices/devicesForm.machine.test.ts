import { describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import type { DeviceWriteResult } from '../../services/devices.service.ts';
import { fakeDevice } from './devices.fixtures.ts';
import { PLAYER_VERSION } from '../player/playerLifecycle.machine.ts';
import { adoptPrefill, bodyOf, devicesFormMachine, EMPTY_DEVICE_FORM, validateDeviceForm } from './devicesForm.machine.ts';

function start(save: () => Promise<DeviceWriteResult>, input = {}) {
  const saved = vi.fn();
  const actor = createActor(
    devicesFormMachine.provide({ actors: { saveDevice: fromPromise(save) }, actions: { saved: (_, params) => saved(params) } }),
    { input },
  ).start();
  return { actor, saved };
}

describe('validateDeviceForm', () => {
  it('requires the SN and checks the MAC, IP and date formats', () => {
    expect(validateDeviceForm(EMPTY_DEVICE_FORM)).toEqual({ sn: 'required' });
    expect(validateDeviceForm({ ...EMPTY_DEVICE_FORM, sn: 'bad sn!', mac: '00:11:22', ip: '10.0.0.300', mount_date: '2024-02-30' })).toEqual({
      sn: 'invalid_format',
      mac: 'invalid_format',
      ip: 'invalid_format',
      mount_date: 'invalid_format',
    });
    expect(validateDeviceForm({ ...EMPTY_DEVICE_FORM, sn: 'SN-1', mac: 'aa-bb-cc-dd-ee-ff', ip: 'fe80::1', warranty: '2028-02-29', name: 'x'.repeat(101) })).toEqual({ name: 'too_long' });
  });

  it('turns blank optional fields into null', () => {
    expect(bodyOf({ ...EMPTY_DEVICE_FORM, sn: ' SN-1 ', office: '4' })).toMatchObject({ sn: 'SN-1', mac: null, ip: null, office: 4, mount_date: null });
  });
});

describe('device tags on the form', () => {
  it('reads the comma-separated field as the tags the server keeps and refuses what it would refuse', () => {
    const form = { ...EMPTY_DEVICE_FORM, sn: 'SN-1' };
    expect(bodyOf({ ...form, tags: ' Lobby, floor 2,, ' }).tags).toEqual(['Lobby', 'floor 2']);
    expect(validateDeviceForm({ ...form, tags: 'a, A, b' })).toEqual({});
    expect(validateDeviceForm({ ...form, tags: Array.from({ length: 21 }, (_, index) => `t${index}`).join(',') })).toEqual({ tags: 'too_many_tags' });
    expect(validateDeviceForm({ ...form, tags: 'x'.repeat(41) })).toEqual({ tags: 'tag_too_long' });
  });
});

describe('adoptPrefill', () => {
  it('starts the form of a waiting web player as "Web player (browser)", any other with the default type', () => {
    expect(adoptPrefill({ serial: 'WEB-1', mac: null, ip: '10.0.0.5', version: PLAYER_VERSION })).toEqual({ sn: 'WEB-1', mac: '', ip: '10.0.0.5', device_type: 'web' });
    expect(adoptPrefill({ serial: 'PI-1', mac: 'AA:BB:CC:DD:EE:FF', ip: null, version: '2.4.1' })).toEqual({ sn: 'PI-1', mac: 'AA:BB:CC:DD:EE:FF', ip: '' });
    expect(adoptPrefill({ serial: 'X-1', mac: null, ip: null, version: '' })).not.toHaveProperty('device_type');
  });
});

describe('devicesFormMachine', () => {
  it('shows the field errors on submit and does not send', () => {
    const save = vi.fn(() => Promise.resolve({ ok: true, device: fakeDevice(1) }) as Promise<DeviceWriteResult>);
    const { actor } = start(save);
    actor.send({ type: 'form.change', field: 'mac', value: 'nope' });
    actor.send({ type: 'form.submit' });
    expect(actor.getSnapshot().value).toBe('editing');
    expect(actor.getSnapshot().context.errors).toEqual({ sn: 'required', mac: 'invalid_format' });
    actor.send({ type: 'form.change', field: 'sn', value: 'SN-1' });
    expect(actor.getSnapshot().context.errors).toEqual({ mac: 'invalid_format' });
    expect(save).not.toHaveBeenCalled();
  });

  it('maps a 409 to "Device already exist" on the duplicate field', async () => {
    const { actor } = start(() => Promise.resolve({ ok: false, reason: 'device_exists', fields: { mac: 'taken' } }));
    actor.send({ type: 'form.change', field: 'sn', value: 'SN-1' });
    actor.send({ type: 'form.submit' });
    const snapshot = await waitFor(actor, (s) => s.matches('editing') && s.context.failure !== null);
    expect(snapshot.context).toMatchObject({ failure: 'device_exists', errors: { mac: 'device_exists' } });
  });

  it('saves and tells the view whether it created the device', async () => {
    const device = fakeDevice(9);
    const { actor, saved } = start(() => Promise.resolve({ ok: true, device }), { prefill: { sn: 'SN-9', mac: 'AA:BB:CC:DD:EE:FF' } });
    actor.send({ type: 'form.submit' });
    await waitFor(actor, (s) => s.status === 'done');
    expect(saved).toHaveBeenCalledWith({ device, created: true });
  });

  it('edits an existing device with its values', async () => {
    const device = fakeDevice(3, { mac: 'AA:BB:CC:DD:EE:01', office: 7 });
    let sent: unknown;
    const actor = createActor(
      devicesFormMachine.provide({
        actors: {
          saveDevice: fromPromise(async ({ input }) => {
            sent = input;
            return { ok: true as const, device };
          }),
        },
      }),
      { input: { device } },
    ).start();
    expect(actor.getSnapshot().context.values).toMatchObject({ sn: 'SN-3', mac: 'AA:BB:CC:DD:EE:01', office: '7' });
    actor.send({ type: 'form.change', field: 'name', value: 'Renamed' });
    actor.send({ type: 'form.submit' });
    await waitFor(actor, (s) => s.status === 'done');
    expect(sent).toMatchObject({ deviceId: 3, body: { sn: 'SN-3', name: 'Renamed', office: 7 } });
  });

  it('keeps the form on a network failure with its code', async () => {
    const { actor } = start(() => Promise.reject(new Error('offline')));
    actor.send({ type: 'form.change', field: 'sn', value: 'SN-1' });
    actor.send({ type: 'form.submit' });
    const snapshot = await waitFor(actor, (s) => s.matches('editing') && s.context.failure !== null);
    expect(snapshot.context.failure).toBe('network_error');
  });
});
