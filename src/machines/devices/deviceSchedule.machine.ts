import { fromPromise } from 'xstate';
import { createFetchStatusMachine } from '../fetchStatus.machine.ts';
import { getDeviceSchedule, type DeviceSchedule } from '../../services/devices.service.ts';

/** The schedule line of a device card (DeviceDetails.tsx, GET /scheduler/dev2/{id}): its events and version, in one fetch status (params: the device id). */
export const deviceScheduleMachine = createFetchStatusMachine<DeviceSchedule, number>().provide({
  actors: { load: fromPromise(({ input }) => getDeviceSchedule(input.params)) },
});
