// The navigation editor of one device: the QA paths of the deviceNavigationEditor machine in Chromium, against the
// real app and server.
// Written by `npm run qa:export -- deviceNavigationEditor` from the catalogue
// tests/model/navigation/deviceNavigationEditor.qa.ts (the paths, the state each step reaches) and the adapter
// tests/e2e/paths/deviceNavigationEditor.adapter.ts (each step's user action, the outcomes arranged on the network,
// what each state looks like on screen). Change those and export again: tests/model/export.test.ts fails while this
// file is not what the export writes.
// Run it: npm run build && npx vitest run --project e2e tests/e2e/exported/deviceNavigationEditor.test.ts
import { describe, it } from 'vitest';
import { deviceNavigationEditorAdapter } from '../paths/deviceNavigationEditor.adapter.ts';
import { browserSuite } from '../paths/suite.ts';

const suite = browserSuite(deviceNavigationEditorAdapter);

describe('deviceNavigationEditor in the browser', () => {
  it('path 1 from start: 21 steps', async () => {
    const { start, act, arrange, shows, end } = await suite.path();
    // Start.
    await start('start');
    // (loading: nothing to wait for on screen)

    // 1. the map of device 5 arrives (object "Floor 1" with a toilet, its own marker and another screen) (the real
    // server answers)
    await shows('editing.clean');

    // 2. type the comment "Near the lifts"
    await act('type the comment "Near the lifts"');
    await shows('editing.dirty');

    // 3. drag the screen's own marker to 20 % across, 30 % down
    await act("drag the screen's own marker to 20 % across, 30 % down");
    await shows('editing.dirty');

    // 4. drag the toilet marker to 70 % across, 10 % down
    await act('drag the toilet marker to 70 % across, 10 % down');
    await shows('editing.dirty');

    // 5. press the right arrow with the toilet marker selected
    await act('press the right arrow with the toilet marker selected');
    await shows('editing.dirty');

    // 6. colour the toilet marker red in the side panel
    await act('colour the toilet marker red in the side panel');
    await shows('editing.dirty');

    // 7. give the toilet marker a photo
    await act('give the toilet marker a photo');
    await shows('editing.dirty');

    // 8. select the toilet marker
    await act('select the toilet marker');
    await shows('editing');

    // 9. untick the toilet marker under "Shown on this screen"
    await act('untick the toilet marker under "Shown on this screen"');
    await shows('editing.dirty');

    // 10. tick the toilet marker under "Shown on this screen"
    await act('tick the toilet marker under "Shown on this screen"');
    await shows('editing.dirty');

    // 11. press "Select all" under "Shown on this screen"
    await act('press "Select all" under "Shown on this screen"');
    await shows('editing.dirty');

    // 12. press "Select none" under "Shown on this screen"
    await act('press "Select none" under "Shown on this screen"');
    await shows('editing.dirty');

    // 13. press "Apply"
    await act('press "Apply"');
    // (applying: nothing to wait for on screen)

    // 14. the server saves the changes
    await act('the server saves the changes');
    await shows('editing.clean');

    // 15. press "Send changes to device"
    await act('press "Send changes to device"');
    // (sending: nothing to wait for on screen)

    // 16. the server sends version 2 to the device (the real server answers)
    await shows('editing.clean');

    // 17. press "Send changes to device"
    // Arranged now for step 18: the network is down while sending.
    await arrange('the network is down while sending');
    await act('press "Send changes to device"');
    // (sending: nothing to wait for on screen)

    // 18. the network is down while sending (as arranged)
    await shows('editing.clean');

    // 19. type the comment "Near the lifts"
    await act('type the comment "Near the lifts"');
    await shows('editing.dirty');

    // 20. press "Apply"
    // Arranged now for step 21: the server refuses the changes (validation error).
    await arrange('the server refuses the changes (validation error)');
    await act('press "Apply"');
    // (applying: nothing to wait for on screen)

    // 21. the server refuses the changes (validation error)
    await act('the server refuses the changes (validation error)');
    await shows('editing.dirty');
    await end();
  });

  it('path 2 from start: 2 steps', async () => {
    const { start, act, arrange, shows, end } = await suite.path();
    // Start.
    // Arranged now for step 1: the server fails to load the map.
    await arrange('the server fails to load the map');
    await start('start');
    // (loading: nothing to wait for on screen)

    // 1. the server fails to load the map (as arranged)
    await shows('loadFailed');

    // 2. press "Retry"
    await act('press "Retry"');
    // (loading: nothing to wait for on screen)
    await end();
  });
});
