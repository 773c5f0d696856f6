import { fromPromise } from 'xstate';
import { devicesActivationMachine } from '../../machines/devices/devicesActivation.machine.ts';
import { devicesCardMachine } from '../../machines/devices/devicesCard.machine.ts';
import { deviceScreenshotMachine } from '../../machines/devices/deviceScreenshot.machine.ts';
import { listScreenshots, requestScreenshot } from '../../services/screenshots.service.ts';
import { changeActive, checkDevice, clearPhoto, deleteDevice, sendCommand, uploadPhoto } from '../../services/devices.service.ts';

/* The device card's machines with the real services (the card is a chunk of its own, see lazyDialogs.tsx). */

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

export const deviceScreenshotLogic = deviceScreenshotMachine.provide({
  actors: {
    loadScreenshots: fromPromise(({ input }) => listScreenshots(input.device)),
    requestScreenshot: fromPromise(({ input }) => requestScreenshot(input.device)),
  },
});
