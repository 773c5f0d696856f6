// The Directory of encoding presets: the QA paths of the directory machine in Chromium, against the real app and
// server.
// Written by `npm run qa:export -- directory` from the catalogue tests/model/directory.qa.ts (the paths, the state
// each step reaches) and the adapter tests/e2e/paths/directory.adapter.ts (each step's user action, the outcomes
// arranged on the network, what each state looks like on screen). Change those and export again:
// tests/model/export.test.ts fails while this file is not what the export writes.
// Run it: npm run build && npx vitest run --project e2e tests/e2e/exported/directory.test.ts
import { describe, it } from 'vitest';
import { directoryAdapter } from '../paths/directory.adapter.ts';
import { browserSuite } from '../paths/suite.ts';

const suite = browserSuite(directoryAdapter);

describe('directory in the browser', () => {
  it('path 1 from start: 14 steps', async () => {
    const { start, act, arrange, shows, end } = await suite.path();
    // Start.
    await start('start');
    // (loading: nothing to wait for on screen)

    // 1. the server lists one preset, Full HD (the real server answers)
    await shows('ready.idle');

    // 2. press "Reload"
    // Arranged now for step 3: the list is refused (403 forbidden).
    await arrange('the list is refused (403 forbidden)');
    await act('press "Reload"');
    // (loading: nothing to wait for on screen)

    // 3. the list is refused (403 forbidden) (as arranged)
    await shows('failed');

    // 4. press "Reload"
    await act('press "Reload"');
    // (loading: nothing to wait for on screen)

    // 5. the server lists one preset, Full HD (the real server answers)
    await shows('ready.idle');

    // 6. press "Add"
    await act('press "Add"');
    await shows('ready.editing');

    // 7. type the name 4K
    await act('type the name 4K');
    await shows('ready.editing');

    // 8. clear the name
    await act('clear the name');
    await shows('ready.editing');

    // 9. type the value "3840 x 2160 @ fps=25 @ hevc"
    await act('type the value "3840 x 2160 @ fps=25 @ hevc"');
    await shows('ready.editing');

    // 10. type the value "3840x2160" (wrong format)
    await act('type the value "3840x2160" (wrong format)');
    await shows('ready.editing');

    // 11. press "Save"
    await act('press "Save"');
    await shows('ready.editing');

    // 12. press "Cancel"
    await act('press "Cancel"');
    await shows('ready.idle');

    // 13. press "Edit" on Full HD
    await act('press "Edit" on Full HD');
    await shows('ready.editing');

    // 14. press "Save"
    await act('press "Save"');
    // (ready.saving: nothing to wait for on screen)
    await end();
  });

  it('path 2 from start: 13 steps', async () => {
    const { start, act, arrange, shows, end } = await suite.path();
    // Start.
    await start('start');
    // (loading: nothing to wait for on screen)

    // 1. the server lists one preset, Full HD (the real server answers)
    await shows('ready.idle');

    // 2. switch Full HD on or off
    await act('switch Full HD on or off');
    // (ready.toggling: nothing to wait for on screen)

    // 3. the server switches Full HD (the real server answers)
    await shows('ready.idle');

    // 4. switch Full HD on or off
    // Arranged now for step 5: the network is down during the switch.
    await arrange('the network is down during the switch');
    await act('switch Full HD on or off');
    // (ready.toggling: nothing to wait for on screen)

    // 5. the network is down during the switch (as arranged)
    await shows('ready.idle');

    // 6. press "Edit" on Full HD
    await act('press "Edit" on Full HD');
    await shows('ready.editing');

    // 7. press "Save"
    await act('press "Save"');
    // (ready.saving: nothing to wait for on screen)

    // 8. the server saves the edited preset (the real server answers)
    await shows('ready.idle');

    // 9. press "Edit" on Full HD
    await act('press "Edit" on Full HD');
    await shows('ready.editing');

    // 10. press "Save"
    // Arranged now for step 11: the server refuses: the name is taken.
    await arrange('the server refuses: the name is taken');
    await act('press "Save"');
    // (ready.saving: nothing to wait for on screen)

    // 11. the server refuses: the name is taken (as arranged)
    await shows('ready.editing');

    // 12. press "Save"
    // Arranged now for step 13: the network is down during the save.
    await arrange('the network is down during the save');
    await act('press "Save"');
    // (ready.saving: nothing to wait for on screen)

    // 13. the network is down during the save (as arranged)
    await shows('ready.editing');
    await end();
  });

  it('path 3 from start: 6 steps', async () => {
    const { start, act, shows, end } = await suite.path();
    // Start.
    await start('start');
    // (loading: nothing to wait for on screen)

    // 1. the server lists one preset, Full HD (the real server answers)
    await shows('ready.idle');

    // 2. press "Add"
    await act('press "Add"');
    await shows('ready.editing');

    // 3. type the name 4K
    await act('type the name 4K');
    await shows('ready.editing');

    // 4. type the value "3840 x 2160 @ fps=25 @ hevc"
    await act('type the value "3840 x 2160 @ fps=25 @ hevc"');
    await shows('ready.editing');

    // 5. press "Save"
    await act('press "Save"');
    // (ready.saving: nothing to wait for on screen)

    // 6. the server adds the preset (the real server answers)
    await shows('ready.idle');
    await end();
  });
});
