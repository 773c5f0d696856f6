// The config editor of one device's files: the QA paths of the devicesConfigEditor machine in Chromium, against the
// real app and server.
// Written by `npm run qa:export -- devicesConfigEditor` from the catalogue
// tests/model/devices/devicesConfigEditor.qa.ts (the paths, the state each step reaches) and the adapter
// tests/e2e/paths/devicesConfigEditor.adapter.ts (each step's user action, the outcomes arranged on the network, what
// each state looks like on screen). Change those and export again: tests/model/export.test.ts fails while this file
// is not what the export writes.
// Run it: npm run build && npx vitest run --project e2e tests/e2e/exported/devicesConfigEditor.test.ts
import { describe, it } from 'vitest';
import { devicesConfigEditorAdapter } from '../paths/devicesConfigEditor.adapter.ts';
import { browserSuite } from '../paths/suite.ts';

const suite = browserSuite(devicesConfigEditorAdapter);

describe('devicesConfigEditor in the browser', () => {
  it('path 1 from start: 16 steps', async () => {
    const { start, act, shows, end } = await suite.path();
    // Start.
    await start('start');
    // (loading: nothing to wait for on screen)

    // 1. the device has player.json and display.conf (the real server answers)
    await shows('ready.noSelection');

    // 2. pick player.json
    await act('pick player.json');
    await shows('ready.clean');

    // 3. pick player.json
    await act('pick player.json');
    await shows('ready.clean');

    // 4. pick display.conf
    await act('pick display.conf');
    await shows('ready.clean');

    // 5. pick player.json
    await act('pick player.json');
    await shows('ready.clean');

    // 6. change the volume to 10
    await act('change the volume to 10');
    await shows('ready.dirty');

    // 7. pick display.conf
    await act('pick display.conf');
    await shows('ready.confirmingSwitch');

    // 8. answer "Discard changes"
    await act('answer "Discard changes"');
    await shows('ready.clean');

    // 9. pick player.json
    await act('pick player.json');
    await shows('ready.clean');

    // 10. type the saved text back
    await act('type the saved text back');
    await shows('ready.clean');

    // 11. change the volume to 10
    await act('change the volume to 10');
    await shows('ready.dirty');

    // 12. change the volume to 10
    await act('change the volume to 10');
    await shows('ready.dirty');

    // 13. type the saved text back
    await act('type the saved text back');
    await shows('ready.clean');

    // 14. change the volume to 10
    await act('change the volume to 10');
    await shows('ready.dirty');

    // 15. press "Save"
    await act('press "Save"');
    // (ready.saving: nothing to wait for on screen)

    // 16. the server saves the file (the real server answers)
    await shows('ready.clean');
    await end();
  });

  it('path 2 from start: 13 steps', async () => {
    const { start, act, arrange, shows, end } = await suite.path();
    // Start.
    // Arranged now for step 1: the device has no config file.
    await arrange('the device has no config file');
    await start('start');
    // (loading: nothing to wait for on screen)

    // 1. the device has no config file (as arranged)
    await shows('empty');

    // 2. press "Reload"
    // Arranged now for step 3: the device is gone (404).
    await arrange('the device is gone (404)');
    await act('press "Reload"');
    // (loading: nothing to wait for on screen)

    // 3. the device is gone (404) (as arranged)
    await shows('failed');

    // 4. press "Reload"
    await act('press "Reload"');
    // (loading: nothing to wait for on screen)

    // 5. the device has player.json and display.conf (the real server answers)
    await shows('ready.noSelection');

    // 6. pick player.json
    await act('pick player.json');
    await shows('ready.clean');

    // 7. change the volume to 10
    await act('change the volume to 10');
    await shows('ready.dirty');

    // 8. press "Revert"
    await act('press "Revert"');
    await shows('ready.clean');

    // 9. change the volume to 10
    await act('change the volume to 10');
    await shows('ready.dirty');

    // 10. pick display.conf
    await act('pick display.conf');
    await shows('ready.confirmingSwitch');

    // 11. answer "Keep editing"
    await act('answer "Keep editing"');
    await shows('ready.dirty');

    // 12. press "Save"
    // Arranged now for step 13: the server refuses: not valid JSON.
    await arrange('the server refuses: not valid JSON');
    await act('press "Save"');
    // (ready.saving: nothing to wait for on screen)

    // 13. the server refuses: not valid JSON (as arranged)
    await shows('ready.dirty');
    await end();
  });

  it('path 3 from start: 5 steps', async () => {
    const { start, act, arrange, shows, end } = await suite.path();
    // Start.
    await start('start');
    // (loading: nothing to wait for on screen)

    // 1. the device has player.json and display.conf (the real server answers)
    await shows('ready.noSelection');

    // 2. pick player.json
    await act('pick player.json');
    await shows('ready.clean');

    // 3. change the volume to 10
    await act('change the volume to 10');
    await shows('ready.dirty');

    // 4. press "Save"
    // Arranged now for step 5: the network is down during the save.
    await arrange('the network is down during the save');
    await act('press "Save"');
    // (ready.saving: nothing to wait for on screen)

    // 5. the network is down during the save (as arranged)
    await shows('ready.dirty');
    await end();
  });
});
