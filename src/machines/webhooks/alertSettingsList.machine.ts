import { fromPromise } from 'xstate';
import { createFetchStatusMachine } from '../fetchStatus.machine.ts';
import { loadAlertOverview, type AlertOverview } from '../../services/webhooks.service.ts';

/** The offline alert settings of /webhooks with the companies and offices they apply to, in one fetch status. */
export const alertSettingsListMachine = createFetchStatusMachine<AlertOverview, null>(null).provide({
  actors: { load: fromPromise(async () => loadAlertOverview()) },
});
