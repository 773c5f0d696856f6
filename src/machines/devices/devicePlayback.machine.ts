import { fromPromise } from 'xstate';
import { createFetchStatusMachine } from '../fetchStatus.machine.ts';
import { getDevicePlayback, type DevicePlayback } from '../../services/playback.service.ts';

/** The playback section of a device card (DevicePlayback.tsx): what the device can play, plays now and had to skip, in one fetch status (params: the device id). */
export const devicePlaybackMachine = createFetchStatusMachine<DevicePlayback, number>().provide({
  actors: { load: fromPromise(({ input }) => getDevicePlayback(input.params)) },
});
