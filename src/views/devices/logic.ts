import { fromPromise } from 'xstate';
import { devicesMachine } from '../../machines/devices/devices.machine.ts';
import { devicesActivationMachine } from '../../machines/devices/devicesActivation.machine.ts';
import { devicesCardMachine } from '../../machines/devices/devicesCard.machine.ts';
import { devicesClientsMachine } from '../../machines/devices/devicesClients.machine.ts';
import { devicesConfigEditorMachine } from '../../machines/devices/devicesConfigEditor.machine.ts';
import { devicesFormMachine } from '../../machines/devices/devicesForm.machine.ts';
import { deviceOverridesMachine } from '../../machines/devices/deviceOverrides.machine.ts';
import { optionSearchMachine } from '../../machines/scheduler/optionSearch.machine.ts';
import { deviceScreenshotMachine } from '../../machines/devices/deviceScreenshot.machine.ts';
import { listScreenshots, requestScreenshot } from '../../services/screenshots.service.ts';
import { clearOverride, listOverrides, searchOverrideChoices, startOverride } from '../../services/overrides.service.ts';
import {
  changeActive,
  checkDevice,
  clearPhoto,
  createDevice,
  deleteDevice,
  dismissPendingClient,
  downloadDevicesXlsx,
  getDeviceStatistics,
  listConfigs,
  listDevices,
  listPendingClients,
  saveConfig,
  sendCommand,
  updateDevice,
  uploadPhoto,
} from '../../services/devices.service.ts';

/* The machines of the devices area with the real services; views add their navigation / toast actions. */

/** `language()` is the interface language when a download starts: the sheet is written in it. */
export function devicesLogic(language: () => string) {
  return devicesMachine.provide({
    actors: {
      loadDevices: fromPromise(({ input }) => listDevices({ ...input.filters, page: input.page })),
      loadStatistics: fromPromise(() => getDeviceStatistics()),
      exportXlsx: fromPromise(({ input, signal }) =>
        downloadDevicesXlsx(input.filters, language(), (progress) => input.parent.send({ type: 'export.progress', ...progress }), signal),
      ),
    },
  });
}

export const deviceFormLogic = devicesFormMachine.provide({
  actors: {
    saveDevice: fromPromise(({ input }) => (input.deviceId === null ? createDevice(input.body) : updateDevice(input.deviceId, input.body))),
  },
});

export const deviceCardLogic = devicesCardMachine.provide({
  actors: {
    checkDevice: fromPromise(({ input }) => checkDevice(input.id)),
    rebootDevice: fromPromise(({ input }) => sendCommand(input.id, 'REBOOT')),
    uploadPhoto: fromPromise(({ input }) => uploadPhoto(input.id, input.file)),
    clearPhoto: fromPromise(({ input }) => clearPhoto(input.id)),
    deleteDevice: fromPromise(({ input }) => deleteDevice(input.id)),
  },
});

export const deviceActivationLogic = devicesActivationMachine.provide({
  actors: { changeActive: fromPromise(({ input }) => changeActive(input.id, input.active)) },
});

export const configEditorLogic = devicesConfigEditorMachine.provide({
  actors: {
    loadConfigs: fromPromise(({ input }) => listConfigs(input.deviceId)),
    saveConfig: fromPromise(({ input }) => saveConfig(input.deviceId, input.configId, input.content)),
  },
});

export const clientsLogic = devicesClientsMachine.provide({
  actors: {
    loadClients: fromPromise(() => listPendingClients()),
    dismissClient: fromPromise(({ input }) => dismissPendingClient(input.id)),
  },
});

export const deviceOverridesLogic = deviceOverridesMachine.provide({
  actors: {
    loadOverrides: fromPromise(({ input }) => listOverrides(input.device ?? undefined)),
    startOverride: fromPromise(({ input }) => startOverride(input.body)),
    clearOverride: fromPromise(({ input }) => clearOverride(input.id)),
  },
});

/** The override start dialog's media and playlist pickers: the scheduler's option search, on the caller's files. */
export const overrideChoiceSearchLogic = optionSearchMachine.provide({
  actors: { search: fromPromise(({ input }) => searchOverrideChoices(input)) },
});

export const deviceScreenshotLogic = deviceScreenshotMachine.provide({
  actors: {
    loadScreenshots: fromPromise(({ input }) => listScreenshots(input.device)),
    requestScreenshot: fromPromise(({ input }) => requestScreenshot(input.device)),
  },
});
