import { fromPromise } from 'xstate';
import { createFetchStatusMachine } from '../fetchStatus.machine.ts';
import { getDevice, type Device } from '../../services/devices.service.ts';

/** The device of /devices/{id}/configs (DeviceConfigsScreen.tsx): its name in the heading, in one fetch status (params: the device id). */
export const deviceConfigsDeviceMachine = createFetchStatusMachine<Device, number>().provide({
  actors: { load: fromPromise(({ input }) => getDevice(input.params)) },
});
