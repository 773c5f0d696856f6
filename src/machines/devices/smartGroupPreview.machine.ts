import { fromPromise } from 'xstate';
import { createFetchStatusMachine } from '../fetchStatus.machine.ts';
import { previewSmartGroup } from '../../services/smartGroups.service.ts';
import type { DeviceListPage } from '../../services/schemas/devices.ts';
import type { SmartGroupRule } from '../../services/schemas/smartGroups.ts';

/** The live preview of the smart group form: how many devices the rule holds now and the first five (params: company and rule). */
export const smartGroupPreviewMachine = createFetchStatusMachine<DeviceListPage, { company: number; rule: SmartGroupRule }>({ company: 0, rule: {} }).provide({
  actors: { load: fromPromise(({ input }) => previewSmartGroup(input.params.rule, input.params.company)) },
});
