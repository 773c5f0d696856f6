// The navigation editor of one device: the QA paths of the deviceNavigationEditor machine in Chromium, against the
// real app and server.
// Written by `npm run qa:export -- deviceNavigationEditor` from the catalogue
// tests/model/navigation/deviceNavigationEditor.qa.ts (the paths, the state each step reaches) and the adapter
// tests/e2e/paths/deviceNavigationEditor.adapter.ts (each step's user action, the outcomes arranged on the network,
// what each state looks like on screen). Change those and export again: tests/model/export.test.ts fails while this
// file is not what the export writes.
// Run it: npm run build && npx vitest run --project e2e tests/e2e/exported- -t 'deviceNavigationEditor in the browser'
import { describe, it } from 'vitest';
import { deviceNavigationEditorAdapter } from '../paths/deviceNavigationEditor.adapter.ts';
import { browserSuite } from '../paths/suite.ts';

const suite = browserSuite(deviceNavigationEditorAdapter);

describe('deviceNavigationEditor in the browser', () => {
  it('path 1 from start: 21 steps', async () => {
    const { start, act, arrange, shows, end } = await suite.path();
    // Start. As admin (or a user whose group gives Devices "Edit"), /navigation/5 (or "Navigation map" in the card of
    // device 5 on /devices); device 5 "Entrance" in office 3 "Mall"; the office's objects Floor 1 (with a toilet
    // marker at 10 %, 50 %, the marker of device 5 and that of another screen, device 6) and Floor 2 (no markers);
    // the map of device 5 on Floor 1, applied and sent (version 1).
    await start('start');
    // (loading: nothing to wait for on screen)

    // 1. the map of device 5 arrives (object "Floor 1" with a toilet, its own marker and another screen) (the real
    // server answers)
    // Then the screen shows: the heading "Navigation: Entrance"; "Object" reads Floor 1 and its layout shows a
    // toilet, this screen and another screen; "This screen at 50 %, 50 %"; "2 of 2 markers shown"; "Send changes to
    // device" enabled, "Apply" disabled
    await shows('editing.clean');

    // 2. type the comment "Near the lifts"
    await act('type the comment "Near the lifts"');
    // Then the screen shows: the field "Comment" reads "Near the lifts"; the message "There are unapplied changes:
    // apply them before sending." shows; "Apply" is enabled, "Send changes to device" disabled
    await shows('editing.dirty');

    // 3. drag the screen's own marker to 20 % across, 30 % down
    await act("drag the screen's own marker to 20 % across, 30 % down");
    // Then the screen shows: this screen's marker moves; the list reads "This screen at 20 %, 30 %"; the message
    // "There are unapplied changes: apply them before sending." shows; "Apply" is enabled, "Send changes to device"
    // disabled
    await shows('editing.dirty');

    // 4. drag the toilet marker to 70 % across, 10 % down
    await act('drag the toilet marker to 70 % across, 10 % down');
    // Then the screen shows: the toilet marker moves and is selected: "Toilet at 70 %, 10 %"; the message "There are
    // unapplied changes: apply them before sending." shows; "Apply" is enabled, "Send changes to device" disabled
    await shows('editing.dirty');

    // 5. press the right arrow with the toilet marker selected
    await act('press the right arrow with the toilet marker selected');
    // Then the screen shows: the toilet marker moves a step right: "Toilet at 71 %, 10 %"; the message "There are
    // unapplied changes: apply them before sending." shows; "Apply" is enabled, "Send changes to device" disabled
    await shows('editing.dirty');

    // 6. colour the toilet marker red in the side panel
    await act('colour the toilet marker red in the side panel');
    // Then the screen shows: the toilet marker turns red; "Background colour" reads #ff0000; the message "There are
    // unapplied changes: apply them before sending." shows; "Apply" is enabled, "Send changes to device" disabled
    await shows('editing.dirty');

    // 7. give the toilet marker a photo
    await act('give the toilet marker a photo');
    // Then the screen shows: under "Photo": "A new photo is picked; it is sent with Apply."; the message "There are
    // unapplied changes: apply them before sending." shows; "Apply" is enabled, "Send changes to device" disabled
    await shows('editing.dirty');

    // 8. select the toilet marker
    await act('select the toilet marker');
    // Then the screen shows: the toilet marker is highlighted; the side panel "Toilet at 71 %, 10 %" shows "Icon",
    // "Background colour", "Description", "Photo" and "Delete"
    await shows('editing');

    // 9. untick the toilet marker under "Shown on this screen"
    await act('untick the toilet marker under "Shown on this screen"');
    // Then the screen shows: the toilet's box is unticked; "1 of 2 markers shown"; the message "There are unapplied
    // changes: apply them before sending." shows; "Apply" is enabled, "Send changes to device" disabled
    await shows('editing.dirty');

    // 10. tick the toilet marker under "Shown on this screen"
    await act('tick the toilet marker under "Shown on this screen"');
    // Then the screen shows: the toilet's box is ticked; "2 of 2 markers shown"; the message "There are unapplied
    // changes: apply them before sending." shows; "Apply" is enabled, "Send changes to device" disabled
    await shows('editing.dirty');

    // 11. press "Select all" under "Shown on this screen"
    await act('press "Select all" under "Shown on this screen"');
    // Then the screen shows: every box under "Shown on this screen" is ticked; "2 of 2 markers shown"; the message
    // "There are unapplied changes: apply them before sending." shows; "Apply" is enabled, "Send changes to device"
    // disabled
    await shows('editing.dirty');

    // 12. press "Select none" under "Shown on this screen"
    await act('press "Select none" under "Shown on this screen"');
    // Then the screen shows: every box under "Shown on this screen" is unticked; "0 of 2 markers shown"; the message
    // "There are unapplied changes: apply them before sending." shows; "Apply" is enabled, "Send changes to device"
    // disabled
    await shows('editing.dirty');

    // 13. press "Apply"
    await act('press "Apply"');
    // Then the screen shows: "Apply" is busy: "Apply" and "Send changes to device" are disabled, and so are the
    // object list, the comment and the boxes under "Shown on this screen"; the unapplied message goes
    // (applying: nothing to wait for on screen)

    // 14. the server saves the changes
    await act('the server saves the changes');
    // Then the screen shows: the buttons are enabled again: "Send changes to device" enabled, "Apply" disabled
    await shows('editing.clean');

    // 15. press "Send changes to device"
    await act('press "Send changes to device"');
    // Then the screen shows: "Send changes to device" is busy: "Apply" and "Send changes to device" are disabled, and
    // so are the object list, the comment and the boxes under "Shown on this screen"
    // (sending: nothing to wait for on screen)

    // 16. the server sends version 2 to the device (the real server answers)
    // Then the screen shows: "Send changes to device" is enabled again
    await shows('editing.clean');

    // 17. press "Send changes to device"
    // Arranged now for step 18: the network is down while sending.
    await arrange('the network is down while sending');
    await act('press "Send changes to device"');
    // Then the screen shows: "Send changes to device" is busy: "Apply" and "Send changes to device" are disabled, and
    // so are the object list, the comment and the boxes under "Shown on this screen"
    // (sending: nothing to wait for on screen)

    // 18. the network is down while sending (as arranged)
    // Then the screen shows: "Send changes to device" is enabled again
    await shows('editing.clean');

    // 19. type the comment "Near the lifts"
    await act('type the comment "Near the lifts"');
    // Then the screen shows: the field "Comment" reads "Near the lifts"; the message "There are unapplied changes:
    // apply them before sending." shows; "Apply" is enabled, "Send changes to device" disabled
    await shows('editing.dirty');

    // 20. press "Apply"
    // Arranged now for step 21: the server refuses the changes (validation error).
    await arrange('the server refuses the changes (validation error)');
    await act('press "Apply"');
    // Then the screen shows: "Apply" is busy: "Apply" and "Send changes to device" are disabled, and so are the
    // object list, the comment and the boxes under "Shown on this screen"; the unapplied message goes
    // (applying: nothing to wait for on screen)

    // 21. the server refuses the changes (validation error)
    await act('the server refuses the changes (validation error)');
    // Then the screen shows: the unapplied message shows again; "Apply" is enabled
    await shows('editing.dirty');
    await end();
  }, 315_000);

  it('path 2 from start: 2 steps', async () => {
    const { start, act, arrange, shows, end } = await suite.path();
    // Start. As admin (or a user whose group gives Devices "Edit"), /navigation/5 (or "Navigation map" in the card of
    // device 5 on /devices); device 5 "Entrance" in office 3 "Mall"; the office's objects Floor 1 (with a toilet
    // marker at 10 %, 50 %, the marker of device 5 and that of another screen, device 6) and Floor 2 (no markers);
    // the map of device 5 on Floor 1, applied and sent (version 1).
    // Arranged now for step 1: the server fails to load the map.
    await arrange('the server fails to load the map');
    await start('start');
    // (loading: nothing to wait for on screen)

    // 1. the server fails to load the map (as arranged)
    // Then the screen shows: "Navigation data load error: Oops. Something went wrong. Try to reload page" with the
    // button "Retry"
    await shows('loadFailed');

    // 2. press "Retry"
    await act('press "Retry"');
    // Then the screen shows: the spinner "Loading…"
    // (loading: nothing to wait for on screen)
    await end();
  });
});
