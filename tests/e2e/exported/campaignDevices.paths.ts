// The campaign devices editor: the QA paths of the campaignDevices machine in Chromium, against the real app and
// server.
// Written by `npm run qa:export -- campaignDevices` from the catalogue tests/model/campaigns/campaignDevices.qa.ts
// (the paths, the state each step reaches) and the adapter tests/e2e/paths/campaignDevices.adapter.ts (each step's
// user action, the outcomes arranged on the network, what each state looks like on screen). Change those and export
// again: tests/model/export.test.ts fails while this file is not what the export writes.
// Run it: npm run build && npx vitest run --project e2e tests/e2e/exported- -t 'campaignDevices in the browser'
import { describe, it } from 'vitest';
import { campaignDevicesAdapter } from '../paths/campaignDevices.adapter.ts';
import { browserSuite } from '../paths/suite.ts';

const suite = browserSuite(campaignDevicesAdapter);

describe('campaignDevices in the browser', () => {
  it('path 1 from start: 14 steps', async () => {
    const { start, act, arrange, shows, end } = await suite.path();
    // Start. As admin (or a user with campaigns edit rights), /campaigns/9/devices ("Devices" of campaign 9 on
    // /campaigns); a horizontal campaign 9 with the device Lobby (SN-1); horizontal devices Window (SN-2) and Hall
    // (SN-3) in no campaign; two more horizontal campaigns Spring (5) and Summer (6), Summer already with Lobby.
    await start('start');
    await shows('changes.clean');

    // 1. the campaign's devices load (Lobby)
    await act("the campaign's devices load (Lobby)");
    // Then the screen shows: "Participating devices": Lobby, "1 device"
    await shows('participating.ready');
    // (available.loading: nothing to wait for on screen)
    await shows('changes.clean');

    // 2. the available devices load (Window, Hall)
    await act('the available devices load (Window, Hall)');
    // Then the screen shows: "Available devices": Window and Hall, "2 devices"
    await shows('available.ready');
    await shows('changes.clean');
    await shows('participating.ready');

    // 3. search the campaign's devices for "lob"
    await act("search the campaign's devices for \"lob\"");
    // Then the screen shows: "Participating devices" loads again from page 1 with the filter
    await shows('changes.clean');
    // (participating.loading: nothing to wait for on screen)
    await shows('available.ready');

    // 4. loading the campaign's devices fails
    await act("loading the campaign's devices fails");
    // Then the screen shows: under "Participating devices": "Error while loading group devices" and the button
    // "Retry"
    await shows('changes.clean');
    await shows('available.ready');
    await shows('participating.failed');

    // 5. search the campaign's devices for "lob"
    await act("search the campaign's devices for \"lob\"");
    // Then the screen shows: "Participating devices" loads again from page 1 with the filter
    await shows('changes.clean');
    await shows('available.ready');
    // (participating.loading: nothing to wait for on screen)

    // 6. search the campaign's devices for "lob"
    await act("search the campaign's devices for \"lob\"");
    // Then the screen shows: "Participating devices" loads again from page 1 with the filter
    await shows('changes.clean');
    await shows('available.ready');
    // (participating.loading: nothing to wait for on screen)

    // 7. show only online available devices
    await act('show only online available devices');
    // Then the screen shows: "Available devices" loads again from page 1 with the filter
    await shows('changes.clean');
    // (available.loading: nothing to wait for on screen)
    // (participating.loading: nothing to wait for on screen)

    // 8. loading the available devices fails
    await act('loading the available devices fails');
    // Then the screen shows: under "Available devices": "Error while loading available devices" and the button
    // "Retry"
    await shows('changes.clean');
    // (participating.loading: nothing to wait for on screen)
    await shows('available.failed');

    // 9. show only online available devices
    await act('show only online available devices');
    // Then the screen shows: "Available devices" loads again from page 1 with the filter
    await shows('changes.clean');
    // (participating.loading: nothing to wait for on screen)
    // (available.loading: nothing to wait for on screen)

    // 10. show only online available devices
    await act('show only online available devices');
    // Then the screen shows: "Available devices" loads again from page 1 with the filter
    await shows('changes.clean');
    // (participating.loading: nothing to wait for on screen)
    // (available.loading: nothing to wait for on screen)

    // 11. move Lobby out of the campaign
    await act('move Lobby out of the campaign');
    // Then the screen shows: Lobby now listed under "Available devices"; "1 unsaved change"
    await shows('changes.dirty');
    // (participating.loading: nothing to wait for on screen)
    // (available.loading: nothing to wait for on screen)

    // 12. press "Discard changes"
    await act('press "Discard changes"');
    // Then the screen shows: the moved devices are back where they were saved; no line of unsaved changes
    // (participating.loading: nothing to wait for on screen)
    // (available.loading: nothing to wait for on screen)
    await shows('changes.clean');

    // 13. import an xlsx file
    // Arranged now for step 14: the file names Hall and 1 unknown serial.
    await arrange('the file names Hall and 1 unknown serial');
    await act('import an xlsx file');
    // Then the screen shows: the import button reads "Importing…"
    // (participating.loading: nothing to wait for on screen)
    // (available.loading: nothing to wait for on screen)
    // (changes.importing: nothing to wait for on screen)

    // 14. the file names Hall and 1 unknown serial (as arranged)
    // Then the screen shows: the dialog "Import result": "1 file device was not involved"; "1 device of the file
    // added to the list" "Save to keep the imported devices."; "Row 3": NOPE ("no device with this serial number or
    // MAC address"); Hall under "Participating devices"; "1 unsaved change"
    // (participating.loading: nothing to wait for on screen)
    // (available.loading: nothing to wait for on screen)
    await shows('changes.dirty');
    await end();
  }, 210_000);

  it('path 2 from start: 14 steps', async () => {
    const { start, act, arrange, shows, end } = await suite.path();
    // Start. As admin (or a user with campaigns edit rights), /campaigns/9/devices ("Devices" of campaign 9 on
    // /campaigns); a horizontal campaign 9 with the device Lobby (SN-1); horizontal devices Window (SN-2) and Hall
    // (SN-3) in no campaign; two more horizontal campaigns Spring (5) and Summer (6), Summer already with Lobby.
    await start('start');
    await shows('changes.clean');

    // 1. multiply into campaigns 5 and 6
    await act('multiply into campaigns 5 and 6');
    // Then the screen shows: the dialog "Multiply devices" with its buttons disabled
    // (participating.loading: nothing to wait for on screen)
    // (available.loading: nothing to wait for on screen)
    // (changes.multiplying: nothing to wait for on screen)

    // 2. campaigns 5 and 6 gain 1 and 0 devices (the real server answers)
    // Then the screen shows: the dialog "Devices added": "Spring: 1 device added"; "Summer: 0 devices added"
    // (participating.loading: nothing to wait for on screen)
    // (available.loading: nothing to wait for on screen)
    await shows('changes.clean');

    // 3. close the result
    await act('close the result');
    // Then the screen shows: the result dialog closes
    // (participating.loading: nothing to wait for on screen)
    // (available.loading: nothing to wait for on screen)
    await shows('changes.clean');

    // 4. loading the campaign's devices fails
    await act("loading the campaign's devices fails");
    // Then the screen shows: under "Participating devices": "Error while loading group devices" and the button
    // "Retry"
    await shows('participating.failed');
    // (available.loading: nothing to wait for on screen)
    await shows('changes.clean');

    // 5. press "Retry" on the campaign's devices
    await act("press \"Retry\" on the campaign's devices");
    // Then the screen shows: "Participating devices" loads again
    // (available.loading: nothing to wait for on screen)
    await shows('changes.clean');
    // (participating.loading: nothing to wait for on screen)

    // 6. the available devices load (Window, Hall)
    await act('the available devices load (Window, Hall)');
    // Then the screen shows: "Available devices": Window and Hall, "2 devices"
    await shows('available.ready');
    await shows('changes.clean');
    // (participating.loading: nothing to wait for on screen)

    // 7. move Window into the campaign
    await act('move Window into the campaign');
    // Then the screen shows: Window now listed under "Participating devices"; "1 unsaved change"
    await shows('changes.dirty');
    // (participating.loading: nothing to wait for on screen)
    await shows('available.ready');

    // 8. import an xlsx file
    // Arranged now for step 9: the file names no device.
    await arrange('the file names no device');
    await act('import an xlsx file');
    // Then the screen shows: the import button reads "Importing…"
    // (participating.loading: nothing to wait for on screen)
    await shows('available.ready');
    // (changes.importing: nothing to wait for on screen)

    // 9. the file names no device (as arranged)
    // Then the screen shows: the dialog "Import result": "Your XLSX file didn't match any device"; "Row 1": NOPE ("no
    // device with this serial number or MAC address")
    // (participating.loading: nothing to wait for on screen)
    await shows('available.ready');
    await shows('changes.dirty');

    // 10. close the result
    await act('close the result');
    // Then the screen shows: the result dialog closes
    // (participating.loading: nothing to wait for on screen)
    await shows('available.ready');
    await shows('changes.dirty');

    // 11. the campaign's devices load (Lobby)
    await act("the campaign's devices load (Lobby)");
    // Then the screen shows: "Participating devices": Lobby, "1 device"
    await shows('participating.ready');
    await shows('available.ready');
    await shows('changes.dirty');

    // 12. move Lobby out of the campaign
    await act('move Lobby out of the campaign');
    // Then the screen shows: Lobby now listed under "Available devices"; "2 unsaved changes"
    await shows('available.ready');
    await shows('changes.dirty');
    await shows('participating.ready');

    // 13. move Window back out
    await act('move Window back out');
    // Then the screen shows: Window now listed under "Available devices"; "1 unsaved change"
    await shows('available.ready');
    await shows('changes.dirty');
    await shows('participating.ready');

    // 14. press "Save"
    await act('press "Save"');
    // Then the screen shows: "Save" shows a spinner
    await shows('available.ready');
    // (changes.saving: nothing to wait for on screen)
    await shows('participating.ready');
    await end();
  }, 210_000);

  it('path 3 from start: 10 steps', async () => {
    const { start, act, arrange, shows, end } = await suite.path();
    // Start. As admin (or a user with campaigns edit rights), /campaigns/9/devices ("Devices" of campaign 9 on
    // /campaigns); a horizontal campaign 9 with the device Lobby (SN-1); horizontal devices Window (SN-2) and Hall
    // (SN-3) in no campaign; two more horizontal campaigns Spring (5) and Summer (6), Summer already with Lobby.
    await start('start');
    await shows('changes.clean');

    // 1. loading the available devices fails
    await act('loading the available devices fails');
    // Then the screen shows: under "Available devices": "Error while loading available devices" and the button
    // "Retry"
    // (participating.loading: nothing to wait for on screen)
    await shows('available.failed');
    await shows('changes.clean');

    // 2. press "Retry" on the available devices
    await act('press "Retry" on the available devices');
    // Then the screen shows: "Available devices" loads again
    // (participating.loading: nothing to wait for on screen)
    await shows('changes.clean');
    // (available.loading: nothing to wait for on screen)

    // 3. import an xlsx file
    // Arranged now for step 4: the file names no device.
    await arrange('the file names no device');
    await act('import an xlsx file');
    // Then the screen shows: the import button reads "Importing…"
    // (participating.loading: nothing to wait for on screen)
    // (changes.importing: nothing to wait for on screen)
    // (available.loading: nothing to wait for on screen)

    // 4. the file names no device (as arranged)
    // Then the screen shows: the dialog "Import result": "Your XLSX file didn't match any device"; "Row 1": NOPE ("no
    // device with this serial number or MAC address")
    // (participating.loading: nothing to wait for on screen)
    // (available.loading: nothing to wait for on screen)
    await shows('changes.clean');

    // 5. close the result
    await act('close the result');
    // Then the screen shows: the result dialog closes
    // (participating.loading: nothing to wait for on screen)
    // (available.loading: nothing to wait for on screen)
    await shows('changes.clean');

    // 6. import an xlsx file
    // Arranged now for step 7: the file cannot be read.
    await arrange('the file cannot be read');
    await act('import an xlsx file');
    // Then the screen shows: the import button reads "Importing…"
    // (participating.loading: nothing to wait for on screen)
    // (available.loading: nothing to wait for on screen)
    // (changes.importing: nothing to wait for on screen)

    // 7. the file cannot be read (as arranged)
    // Then the screen shows: the dialog "Import result": "The file cannot be read. Choose an XLS or XLSX file."
    // (participating.loading: nothing to wait for on screen)
    // (available.loading: nothing to wait for on screen)
    await shows('changes.clean');

    // 8. close the result
    await act('close the result');
    // Then the screen shows: the result dialog closes
    // (participating.loading: nothing to wait for on screen)
    // (available.loading: nothing to wait for on screen)
    await shows('changes.clean');

    // 9. multiply into campaigns 5 and 6
    // Arranged now for step 10: multiplying fails.
    await arrange('multiplying fails');
    await act('multiply into campaigns 5 and 6');
    // Then the screen shows: the dialog "Multiply devices" with its buttons disabled
    // (participating.loading: nothing to wait for on screen)
    // (available.loading: nothing to wait for on screen)
    // (changes.multiplying: nothing to wait for on screen)

    // 10. multiplying fails (as arranged)
    // Then the screen shows: in the dialog "Error while updating"
    // (participating.loading: nothing to wait for on screen)
    // (available.loading: nothing to wait for on screen)
    await shows('changes.clean');
    await end();
  }, 150_000);

  it('path 4 from start: 4 steps', async () => {
    const { start, act, shows, end } = await suite.path();
    // Start. As admin (or a user with campaigns edit rights), /campaigns/9/devices ("Devices" of campaign 9 on
    // /campaigns); a horizontal campaign 9 with the device Lobby (SN-1); horizontal devices Window (SN-2) and Hall
    // (SN-3) in no campaign; two more horizontal campaigns Spring (5) and Summer (6), Summer already with Lobby.
    await start('start');
    await shows('changes.clean');

    // 1. the campaign's devices load (Lobby)
    await act("the campaign's devices load (Lobby)");
    // Then the screen shows: "Participating devices": Lobby, "1 device"
    await shows('participating.ready');
    // (available.loading: nothing to wait for on screen)
    await shows('changes.clean');

    // 2. move Lobby out of the campaign
    await act('move Lobby out of the campaign');
    // Then the screen shows: Lobby now listed under "Available devices"; "1 unsaved change"
    // (available.loading: nothing to wait for on screen)
    await shows('changes.dirty');
    await shows('participating.ready');

    // 3. press "Save"
    await act('press "Save"');
    // Then the screen shows: "Save" shows a spinner
    // (available.loading: nothing to wait for on screen)
    await shows('participating.ready');
    // (changes.saving: nothing to wait for on screen)

    // 4. the server saves the set
    await act('the server saves the set');
    // Then the screen shows: a success toast "Campaign updated!"; no line of unsaved changes; both sides load again
    // (available.loading: nothing to wait for on screen)
    // (participating.loading: nothing to wait for on screen)
    await shows('changes.clean');
    await end();
  });

  it('path 5 from start: 13 steps', async () => {
    const { start, act, arrange, shows, end } = await suite.path();
    // Start. As admin (or a user with campaigns edit rights), /campaigns/9/devices ("Devices" of campaign 9 on
    // /campaigns); a horizontal campaign 9 with the device Lobby (SN-1); horizontal devices Window (SN-2) and Hall
    // (SN-3) in no campaign; two more horizontal campaigns Spring (5) and Summer (6), Summer already with Lobby.
    await start('start');
    await shows('changes.clean');

    // 1. the campaign's devices load (Lobby)
    await act("the campaign's devices load (Lobby)");
    // Then the screen shows: "Participating devices": Lobby, "1 device"
    await shows('participating.ready');
    // (available.loading: nothing to wait for on screen)
    await shows('changes.clean');

    // 2. move Lobby out of the campaign
    await act('move Lobby out of the campaign');
    // Then the screen shows: Lobby now listed under "Available devices"; "1 unsaved change"
    // (available.loading: nothing to wait for on screen)
    await shows('changes.dirty');
    await shows('participating.ready');

    // 3. press "Save"
    // Arranged now for step 4: the server refuses: screen position mismatch.
    await arrange('the server refuses: screen position mismatch');
    await act('press "Save"');
    // Then the screen shows: "Save" shows a spinner
    // (available.loading: nothing to wait for on screen)
    await shows('participating.ready');
    // (changes.saving: nothing to wait for on screen)

    // 4. the server refuses: screen position mismatch
    await act('the server refuses: screen position mismatch');
    // (available.loading: nothing to wait for on screen)
    await shows('participating.ready');
    await shows('changes.dirty');

    // 5. press "Discard changes"
    await act('press "Discard changes"');
    // Then the screen shows: the moved devices are back where they were saved; no line of unsaved changes
    // (available.loading: nothing to wait for on screen)
    await shows('participating.ready');
    await shows('changes.clean');

    // 6. move Lobby out of the campaign
    await act('move Lobby out of the campaign');
    // Then the screen shows: Lobby now listed under "Available devices"; "1 unsaved change"
    // (available.loading: nothing to wait for on screen)
    await shows('participating.ready');
    await shows('changes.dirty');

    // 7. press "Save"
    // Arranged now for step 8: the network is down during the save.
    await arrange('the network is down during the save');
    await act('press "Save"');
    // Then the screen shows: "Save" shows a spinner
    // (available.loading: nothing to wait for on screen)
    await shows('participating.ready');
    // (changes.saving: nothing to wait for on screen)

    // 8. the network is down during the save
    await act('the network is down during the save');
    // (available.loading: nothing to wait for on screen)
    await shows('participating.ready');
    await shows('changes.dirty');

    // 9. press "Discard changes"
    await act('press "Discard changes"');
    // Then the screen shows: the moved devices are back where they were saved; no line of unsaved changes
    // (available.loading: nothing to wait for on screen)
    await shows('participating.ready');
    await shows('changes.clean');

    // 10. the available devices load (Window, Hall)
    await act('the available devices load (Window, Hall)');
    // Then the screen shows: "Available devices": Window and Hall, "2 devices"
    await shows('available.ready');
    await shows('participating.ready');
    await shows('changes.clean');

    // 11. move Window into the campaign
    await act('move Window into the campaign');
    // Then the screen shows: Window now listed under "Participating devices"; "1 unsaved change"
    await shows('participating.ready');
    await shows('changes.dirty');
    await shows('available.ready');

    // 12. press "Save"
    await act('press "Save"');
    // Then the screen shows: "Save" shows a spinner
    await shows('participating.ready');
    await shows('available.ready');
    // (changes.saving: nothing to wait for on screen)

    // 13. the server saves the set
    await act('the server saves the set');
    // Then the screen shows: a success toast "Campaign updated!"; no line of unsaved changes; both sides load again
    // (participating.loading: nothing to wait for on screen)
    // (available.loading: nothing to wait for on screen)
    await shows('changes.clean');
    await end();
  }, 195_000);

  it('path 6 from start: 5 steps', async () => {
    const { start, act, shows, end } = await suite.path();
    // Start. As admin (or a user with campaigns edit rights), /campaigns/9/devices ("Devices" of campaign 9 on
    // /campaigns); a horizontal campaign 9 with the device Lobby (SN-1); horizontal devices Window (SN-2) and Hall
    // (SN-3) in no campaign; two more horizontal campaigns Spring (5) and Summer (6), Summer already with Lobby.
    await start('start');
    await shows('changes.clean');

    // 1. the campaign's devices load (Lobby)
    await act("the campaign's devices load (Lobby)");
    // Then the screen shows: "Participating devices": Lobby, "1 device"
    await shows('participating.ready');
    // (available.loading: nothing to wait for on screen)
    await shows('changes.clean');

    // 2. loading the available devices fails
    await act('loading the available devices fails');
    // Then the screen shows: under "Available devices": "Error while loading available devices" and the button
    // "Retry"
    await shows('available.failed');
    await shows('changes.clean');
    await shows('participating.ready');

    // 3. move Lobby out of the campaign
    await act('move Lobby out of the campaign');
    // Then the screen shows: Lobby now listed under "Available devices"; "1 unsaved change"
    await shows('changes.dirty');
    await shows('participating.ready');
    await shows('available.failed');

    // 4. press "Save"
    await act('press "Save"');
    // Then the screen shows: "Save" shows a spinner
    await shows('participating.ready');
    await shows('available.failed');
    // (changes.saving: nothing to wait for on screen)

    // 5. the server saves the set
    await act('the server saves the set');
    // Then the screen shows: a success toast "Campaign updated!"; no line of unsaved changes; both sides load again
    // (participating.loading: nothing to wait for on screen)
    // (available.loading: nothing to wait for on screen)
    await shows('changes.clean');
    await end();
  });

  it('path 7 from start: 5 steps', async () => {
    const { start, act, shows, end } = await suite.path();
    // Start. As admin (or a user with campaigns edit rights), /campaigns/9/devices ("Devices" of campaign 9 on
    // /campaigns); a horizontal campaign 9 with the device Lobby (SN-1); horizontal devices Window (SN-2) and Hall
    // (SN-3) in no campaign; two more horizontal campaigns Spring (5) and Summer (6), Summer already with Lobby.
    await start('start');
    await shows('changes.clean');

    // 1. the campaign's devices load (Lobby)
    await act("the campaign's devices load (Lobby)");
    // Then the screen shows: "Participating devices": Lobby, "1 device"
    await shows('participating.ready');
    // (available.loading: nothing to wait for on screen)
    await shows('changes.clean');

    // 2. search the campaign's devices for "lob"
    await act("search the campaign's devices for \"lob\"");
    // Then the screen shows: "Participating devices" loads again from page 1 with the filter
    // (available.loading: nothing to wait for on screen)
    await shows('changes.clean');
    // (participating.loading: nothing to wait for on screen)

    // 3. move Lobby out of the campaign
    await act('move Lobby out of the campaign');
    // Then the screen shows: Lobby now listed under "Available devices"; "1 unsaved change"
    // (available.loading: nothing to wait for on screen)
    await shows('changes.dirty');
    // (participating.loading: nothing to wait for on screen)

    // 4. press "Save"
    await act('press "Save"');
    // Then the screen shows: "Save" shows a spinner
    // (available.loading: nothing to wait for on screen)
    // (participating.loading: nothing to wait for on screen)
    // (changes.saving: nothing to wait for on screen)

    // 5. the server saves the set
    await act('the server saves the set');
    // Then the screen shows: a success toast "Campaign updated!"; no line of unsaved changes; both sides load again
    // (available.loading: nothing to wait for on screen)
    // (participating.loading: nothing to wait for on screen)
    await shows('changes.clean');
    await end();
  });
});
