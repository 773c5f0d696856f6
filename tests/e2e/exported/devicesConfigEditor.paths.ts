// The config editor of one device's files: the QA paths of the devicesConfigEditor machine in Chromium, against the
// real app and server.
// Written by `npm run qa:export -- devicesConfigEditor` from the catalogue
// tests/model/devices/devicesConfigEditor.qa.ts (the paths, the state each step reaches) and the adapter
// tests/e2e/paths/devicesConfigEditor.adapter.ts (each step's user action, the outcomes arranged on the network, what
// each state looks like on screen). Change those and export again: tests/model/export.test.ts fails while this file
// is not what the export writes.
// Run it: npm run build && npx vitest run --project e2e tests/e2e/exported- -t 'devicesConfigEditor in the browser'
import { describe, it } from 'vitest';
import { devicesConfigEditorAdapter } from '../paths/devicesConfigEditor.adapter.ts';
import { browserSuite } from '../paths/suite.ts';

const suite = browserSuite(devicesConfigEditorAdapter);

describe('devicesConfigEditor in the browser', () => {
  it('path 1 from start: 16 steps', async () => {
    const { start, act, shows, end } = await suite.path();
    // Start. As admin (or a user whose group gives Devices "Edit") (with Devices "View" only the editor is
    // read-only), /devices/7/configs (or press the row of device 7 on /devices, then "Configs" in its card); device
    // 7, named Screen 7, added with the default config "Standard", so it has the files player.json
    // (/etc/vitrine/player.json) and display.conf; save player.json as {"volume": 50} and display.conf as rotation=0
    // first.
    await start('start');
    // (loading: nothing to wait for on screen)

    // 1. the device has player.json and display.conf (the real server answers)
    // Then the screen shows: the heading "Configs of Screen 7"; the files player.json (/etc/vitrine/player.json) and
    // display.conf to pick from; beside them "Pick a config file to edit."
    await shows('ready.noSelection');

    // 2. pick player.json
    await act('pick player.json');
    // Then the screen shows: player.json is highlighted in the list; the editor "Content of player.json" under
    // /etc/vitrine/player.json holds {"volume": 50}; "Save" and "Revert" are disabled
    await shows('ready.clean');

    // 3. pick player.json
    await act('pick player.json');
    // Then the screen shows: player.json is highlighted in the list; the editor "Content of player.json" under
    // /etc/vitrine/player.json holds {"volume": 50}; "Save" and "Revert" are disabled
    await shows('ready.clean');

    // 4. pick display.conf
    await act('pick display.conf');
    // Then the screen shows: display.conf is highlighted in the list; the editor "Content of display.conf" under
    // /etc/vitrine/display.conf holds rotation=0; "Save" and "Revert" are disabled
    await shows('ready.clean');

    // 5. pick player.json
    await act('pick player.json');
    // Then the screen shows: player.json is highlighted in the list; the editor "Content of player.json" under
    // /etc/vitrine/player.json holds {"volume": 50}; "Save" and "Revert" are disabled
    await shows('ready.clean');

    // 6. change the volume to 10
    await act('change the volume to 10');
    // Then the screen shows: the editor "Content of player.json" under /etc/vitrine/player.json holds {"volume": 10};
    // "Save" and "Revert" turn enabled and "Unsaved changes" shows beside them
    await shows('ready.dirty');

    // 7. pick display.conf
    await act('pick display.conf');
    // Then the screen shows: the question "Unsaved changes": "Discard the unsaved changes of player.json?" with "Keep
    // editing" and "Discard"
    await shows('ready.confirmingSwitch');

    // 8. answer "Discard changes"
    await act('answer "Discard changes"');
    // Then the screen shows: the question closes, the change to player.json is dropped; display.conf is highlighted
    // in the list; the editor "Content of display.conf" under /etc/vitrine/display.conf holds rotation=0; "Save" and
    // "Revert" are disabled
    await shows('ready.clean');

    // 9. pick player.json
    await act('pick player.json');
    // Then the screen shows: player.json is highlighted in the list; the editor "Content of player.json" under
    // /etc/vitrine/player.json holds {"volume": 50}; "Save" and "Revert" are disabled
    await shows('ready.clean');

    // 10. type the saved text back
    await act('type the saved text back');
    await shows('ready.clean');

    // 11. change the volume to 10
    await act('change the volume to 10');
    // Then the screen shows: the editor "Content of player.json" under /etc/vitrine/player.json holds {"volume": 10};
    // "Save" and "Revert" turn enabled and "Unsaved changes" shows beside them
    await shows('ready.dirty');

    // 12. change the volume to 10
    await act('change the volume to 10');
    await shows('ready.dirty');

    // 13. type the saved text back
    await act('type the saved text back');
    // Then the screen shows: the editor "Content of player.json" under /etc/vitrine/player.json holds {"volume": 50};
    // "Unsaved changes" goes and "Save" and "Revert" are disabled again
    await shows('ready.clean');

    // 14. change the volume to 10
    await act('change the volume to 10');
    // Then the screen shows: the editor "Content of player.json" under /etc/vitrine/player.json holds {"volume": 10};
    // "Save" and "Revert" turn enabled and "Unsaved changes" shows beside them
    await shows('ready.dirty');

    // 15. press "Save"
    await act('press "Save"');
    // Then the screen shows: "Save" shows a spinner; "Save" and "Revert" are disabled
    // (ready.saving: nothing to wait for on screen)

    // 16. the server saves the file (the real server answers)
    // Then the screen shows: "Unsaved changes" goes; the editor keeps {"volume": 10}
    await shows('ready.clean');
    await end();
  }, 240_000);

  it('path 2 from start: 1 step', async () => {
    const { start, arrange, shows, end } = await suite.path();
    // Start. As admin (or a user whose group gives Devices "Edit") (with Devices "View" only the editor is
    // read-only), /devices/7/configs (or press the row of device 7 on /devices, then "Configs" in its card); device
    // 7, named Screen 7, added with the default config "Standard", so it has the files player.json
    // (/etc/vitrine/player.json) and display.conf; save player.json as {"volume": 50} and display.conf as rotation=0
    // first.
    // Arranged now for step 1: the device has no config file.
    await arrange('the device has no config file');
    await start('start');
    // (loading: nothing to wait for on screen)

    // 1. the device has no config file (as arranged)
    // Then the screen shows: "This device has no config files."
    await shows('empty');
    await end();
  });

  it('path 3 from start: 13 steps', async () => {
    const { start, act, arrange, shows, end } = await suite.path();
    // Start. As admin (or a user whose group gives Devices "Edit") (with Devices "View" only the editor is
    // read-only), /devices/7/configs (or press the row of device 7 on /devices, then "Configs" in its card); device
    // 7, named Screen 7, added with the default config "Standard", so it has the files player.json
    // (/etc/vitrine/player.json) and display.conf; save player.json as {"volume": 50} and display.conf as rotation=0
    // first.
    // Arranged now for step 1: the device is gone (404).
    await arrange('the device is gone (404)');
    await start('start');
    // (loading: nothing to wait for on screen)

    // 1. the device is gone (404) (as arranged)
    // Then the screen shows: "Error while loading device: The requested item was not found" and the button "Try
    // again"
    await shows('failed');

    // 2. press "Reload"
    await act('press "Reload"');
    // Then the screen shows: the spinner "Loading…"
    // (loading: nothing to wait for on screen)

    // 3. the device has player.json and display.conf (the real server answers)
    // Then the screen shows: the heading "Configs of Screen 7"; the files player.json (/etc/vitrine/player.json) and
    // display.conf to pick from; beside them "Pick a config file to edit."
    await shows('ready.noSelection');

    // 4. pick player.json
    await act('pick player.json');
    // Then the screen shows: player.json is highlighted in the list; the editor "Content of player.json" under
    // /etc/vitrine/player.json holds {"volume": 50}; "Save" and "Revert" are disabled
    await shows('ready.clean');

    // 5. change the volume to 10
    await act('change the volume to 10');
    // Then the screen shows: the editor "Content of player.json" under /etc/vitrine/player.json holds {"volume": 10};
    // "Save" and "Revert" turn enabled and "Unsaved changes" shows beside them
    await shows('ready.dirty');

    // 6. press "Revert"
    await act('press "Revert"');
    // Then the screen shows: the editor "Content of player.json" under /etc/vitrine/player.json holds {"volume": 50};
    // "Unsaved changes" goes and "Save" and "Revert" are disabled again
    await shows('ready.clean');

    // 7. change the volume to 10
    await act('change the volume to 10');
    // Then the screen shows: the editor "Content of player.json" under /etc/vitrine/player.json holds {"volume": 10};
    // "Save" and "Revert" turn enabled and "Unsaved changes" shows beside them
    await shows('ready.dirty');

    // 8. pick display.conf
    await act('pick display.conf');
    // Then the screen shows: the question "Unsaved changes": "Discard the unsaved changes of player.json?" with "Keep
    // editing" and "Discard"
    await shows('ready.confirmingSwitch');

    // 9. answer "Keep editing"
    await act('answer "Keep editing"');
    // Then the screen shows: the question closes; player.json stays open with its change, "Unsaved changes"
    await shows('ready.dirty');

    // 10. press "Save"
    // Arranged now for step 11: the server refuses: not valid JSON.
    await arrange('the server refuses: not valid JSON');
    await act('press "Save"');
    // Then the screen shows: "Save" shows a spinner; "Save" and "Revert" are disabled
    // (ready.saving: nothing to wait for on screen)

    // 11. the server refuses: not valid JSON (as arranged)
    // Then the screen shows: under the editor, in red: "The config is not valid JSON"; "Unsaved changes" stays
    await shows('ready.dirty');

    // 12. press "Save"
    // Arranged now for step 13: the network is down during the save.
    await arrange('the network is down during the save');
    await act('press "Save"');
    // Then the screen shows: "Save" shows a spinner; "Save" and "Revert" are disabled
    // (ready.saving: nothing to wait for on screen)

    // 13. the network is down during the save (as arranged)
    // Then the screen shows: under the editor, in red: "Oops. Something went wrong. Try to reload page"; "Unsaved
    // changes" stays
    await shows('ready.dirty');
    await end();
  }, 195_000);
});
