import { fromPromise } from 'xstate';
import { createFetchStatusMachine } from '../fetchStatus.machine.ts';
import { getDevicePower, type DevicePower } from '../../services/power.service.ts';

/** A device's screen power (its choice, its office's hours, the hours that apply) as its card shows it (params: the device id). */
export const devicePowerMachine = createFetchStatusMachine<DevicePower, number>().provide({
  actors: { load: fromPromise(({ input }) => getDevicePower(input.params)) },
});
