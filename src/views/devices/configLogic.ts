import { fromPromise } from 'xstate';
import { devicesConfigEditorMachine } from '../../machines/devices/devicesConfigEditor.machine.ts';
import { listConfigs, saveConfig } from '../../services/devices.service.ts';

/* The config editor's machine with the real services (the /devices/{id}/configs screen). */

export const configEditorLogic = devicesConfigEditorMachine.provide({
  actors: {
    loadConfigs: fromPromise(({ input }) => listConfigs(input.deviceId)),
    saveConfig: fromPromise(({ input }) => saveConfig(input.deviceId, input.configId, input.content)),
  },
});
