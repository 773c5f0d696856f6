import { fromPromise } from 'xstate';
import { createFetchStatusMachine } from '../fetchStatus.machine.ts';
import { listMarkers, type Marker } from '../../services/navigation.service.ts';

/** The markers of the object opened on /navigation (ObjectViewer.tsx), in one fetch status (params: the object id). */
export const navigationMarkersMachine = createFetchStatusMachine<Marker[], number>().provide({
  actors: { load: fromPromise(({ input }) => listMarkers(input.params)) },
});
