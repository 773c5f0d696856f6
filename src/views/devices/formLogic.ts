import { fromPromise } from 'xstate';
import { devicesFormMachine } from '../../machines/devices/devicesForm.machine.ts';
import { createDevice, updateDevice } from '../../services/devices.service.ts';

/* The add/edit device form's machine with the real services (the form is a chunk of its own, see lazyDialogs.tsx). */

export const deviceFormLogic = devicesFormMachine.provide({
  actors: {
    saveDevice: fromPromise(({ input }) => (input.deviceId === null ? createDevice(input.body) : updateDevice(input.deviceId, input.body))),
  },
});
