import { fromPromise } from 'xstate';
import { devicesMachine } from '../../machines/devices/devices.machine.ts';
import { deviceOverridesMachine } from '../../machines/devices/deviceOverrides.machine.ts';
import { deviceBulkMachine } from '../../machines/devices/deviceBulk.machine.ts';
import { cancelJob, findActiveJob, readJob, startBulkJob } from '../../services/deviceJobs.service.ts';
import { deviceTagsImportMachine } from '../../machines/devices/deviceTagsImport.machine.ts';
import { importDeviceTags, readSpreadsheet, tagSheetOf } from '../../services/deviceTagsImport.service.ts';
import { clearOverride, listOverrides, startOverride } from '../../services/overrides.service.ts';
import { downloadDevicesXlsx, getDeviceStatistics, listDevices } from '../../services/devices.service.ts';

/*
 * The machines of the device list with the real services; views add their navigation / toast actions. The card's, the
 * form's, the override composer's, the configs' and the clients' are in files of their own (cardLogic.ts, ...), so that
 * each chunk carries only the machines it runs (issue 37).
 */

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

export const deviceOverridesLogic = deviceOverridesMachine.provide({
  actors: {
    loadOverrides: fromPromise(({ input }) => listOverrides(input.device ?? undefined)),
    startOverride: fromPromise(({ input }) => startOverride(input.body)),
    clearOverride: fromPromise(({ input }) => clearOverride(input.id)),
  },
});

/** Bulk actions (issue 41): the job is started, followed and cancelled on the server. */
export const deviceBulkLogic = deviceBulkMachine.provide({
  actors: {
    findActiveJob: fromPromise(() => findActiveJob()),
    startJob: fromPromise(({ input }) => startBulkJob(input.request)),
    readJob: fromPromise(({ input }) => readJob(input.id)),
    cancelJob: fromPromise(({ input }) => cancelJob(input.id)),
  },
});

/** The tags import (issue 41): the spreadsheet read in the browser (its reader loaded on first use), sent in one request. */
export const deviceTagsImportLogic = deviceTagsImportMachine.provide({
  actors: {
    readSheet: fromPromise(async ({ input }) => tagSheetOf(await readSpreadsheet(input.file))),
    sendTags: fromPromise(({ input }) => importDeviceTags(input.rows)),
  },
});
