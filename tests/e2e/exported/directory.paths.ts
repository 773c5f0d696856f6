// The Directory of encoding presets: the QA paths of the directory machine in Chromium, against the real app and
// server.
// Written by `npm run qa:export -- directory` from the catalogue tests/model/directory.qa.ts (the paths, the state
// each step reaches) and the adapter tests/e2e/paths/directory.adapter.ts (each step's user action, the outcomes
// arranged on the network, what each state looks like on screen). Change those and export again:
// tests/model/export.test.ts fails while this file is not what the export writes.
// Run it: npm run build && npx vitest run --project e2e tests/e2e/exported- -t 'directory in the browser'
import { describe, it } from 'vitest';
import { directoryAdapter } from '../paths/directory.adapter.ts';
import { browserSuite } from '../paths/suite.ts';

const suite = browserSuite(directoryAdapter);

describe('directory in the browser', () => {
  it('path 1 from start: 14 steps', async () => {
    const { start, act, arrange, shows, end } = await suite.path();
    // Start. As user 1, the first administrator (no other user has the Directory: the menu leaves it out and the
    // server refuses everyone else), /directory; one encoding query, Full HD (1920 x 1080 @ fps=30 @ x264, Video,
    // Vitrine Pi player, Horizontal, active); none named 4K.
    await start('start');
    // (loading: nothing to wait for on screen)

    // 1. the server lists one preset, Full HD (the real server answers)
    // Then the screen shows: the table "Encoding queries" with the row Full HD: 1920 x 1080 @ fps=30 @ x264, "Video",
    // "Vitrine Pi player · Horizontal", "Active", with a pencil ("Edit Full HD") and "Deactivate"
    await shows('ready.idle');

    // 2. press "Reload"
    // Arranged now for step 3: the list is refused (403 forbidden).
    await arrange('the list is refused (403 forbidden)');
    await act('press "Reload"');
    // Then the screen shows: the spinner "Loading…" in place of the table
    // (loading: nothing to wait for on screen)

    // 3. the list is refused (403 forbidden) (as arranged)
    // Then the screen shows: in red: "Error while loading the directory: You do not have permission to do this"
    await shows('failed');

    // 4. press "Reload"
    await act('press "Reload"');
    // Then the screen shows: the spinner "Loading…" in place of the table
    // (loading: nothing to wait for on screen)

    // 5. the server lists one preset, Full HD (the real server answers)
    // Then the screen shows: the table "Encoding queries" with the row Full HD: 1920 x 1080 @ fps=30 @ x264, "Video",
    // "Vitrine Pi player · Horizontal", "Active", with a pencil ("Edit Full HD") and "Deactivate"
    await shows('ready.idle');

    // 6. press "Add"
    await act('press "Add"');
    // Then the screen shows: the dialog "Add query": the field "Name" and the field "Value" empty (hint "width x
    // height @ fps=number @ x264 or hevc, e.g. 1920 x 1080 @ fps=30 @ x264"), the field "Type" "Video", the field
    // "Device type" "Vitrine Pi player", the field "Screen position" "Horizontal"; the buttons "Cancel" and "Save"
    await shows('ready.editing');

    // 7. type the name 4K
    await act('type the name 4K');
    // Then the screen shows: the field "Name" reads "4K" (its red message, if any, goes)
    await shows('ready.editing');

    // 8. clear the name
    await act('clear the name');
    // Then the screen shows: the field "Name" is empty
    await shows('ready.editing');

    // 9. type the value "3840 x 2160 @ fps=25 @ hevc"
    await act('type the value "3840 x 2160 @ fps=25 @ hevc"');
    // Then the screen shows: the field "Value" reads "3840 x 2160 @ fps=25 @ hevc" (its red message, if any, goes)
    await shows('ready.editing');

    // 10. type the value "3840x2160" (wrong format)
    await act('type the value "3840x2160" (wrong format)');
    // Then the screen shows: the field "Value" reads "3840x2160"
    await shows('ready.editing');

    // 11. press "Save"
    await act('press "Save"');
    // Then the screen shows: under the field "Name", in red: "This field is required"; under the field "Value", in
    // red: "Write the value as “width x height @ fps=number @ x264 or hevc” (even sides 16–7680, fps 1–120)"
    await shows('ready.editing');

    // 12. press "Cancel"
    await act('press "Cancel"');
    // Then the screen shows: the dialog closes; nothing is saved
    await shows('ready.idle');

    // 13. press "Edit" on Full HD
    await act('press "Edit" on Full HD');
    // Then the screen shows: the dialog "Edit query": the field "Name" reads "Full HD", the field "Value" reads "1920
    // x 1080 @ fps=30 @ x264"
    await shows('ready.editing');

    // 14. press "Save"
    await act('press "Save"');
    // Then the screen shows: "Save" shows a spinner; "Cancel" and "Save" are disabled
    // (ready.saving: nothing to wait for on screen)
    await end();
  }, 210_000);

  it('path 2 from start: 13 steps', async () => {
    const { start, act, arrange, shows, end } = await suite.path();
    // Start. As user 1, the first administrator (no other user has the Directory: the menu leaves it out and the
    // server refuses everyone else), /directory; one encoding query, Full HD (1920 x 1080 @ fps=30 @ x264, Video,
    // Vitrine Pi player, Horizontal, active); none named 4K.
    await start('start');
    // (loading: nothing to wait for on screen)

    // 1. the server lists one preset, Full HD (the real server answers)
    // Then the screen shows: the table "Encoding queries" with the row Full HD: 1920 x 1080 @ fps=30 @ x264, "Video",
    // "Vitrine Pi player · Horizontal", "Active", with a pencil ("Edit Full HD") and "Deactivate"
    await shows('ready.idle');

    // 2. switch Full HD on or off
    await act('switch Full HD on or off');
    // Then the screen shows: the button "Deactivate" of Full HD shows a spinner; the row buttons, "Refresh" and "Add
    // query" are disabled
    // (ready.toggling: nothing to wait for on screen)

    // 3. the server switches Full HD (the real server answers)
    // Then the screen shows: Full HD reads "Inactive" with the button "Activate"
    await shows('ready.idle');

    // 4. switch Full HD on or off
    // Arranged now for step 5: the network is down during the switch.
    await arrange('the network is down during the switch');
    await act('switch Full HD on or off');
    // Then the screen shows: the button "Activate" of Full HD shows a spinner; the row buttons, "Refresh" and "Add
    // query" are disabled
    // (ready.toggling: nothing to wait for on screen)

    // 5. the network is down during the switch (as arranged)
    // Then the screen shows: Full HD stays as it was; the buttons are enabled again
    await shows('ready.idle');

    // 6. press "Edit" on Full HD
    await act('press "Edit" on Full HD');
    // Then the screen shows: the dialog "Edit query": the field "Name" reads "Full HD", the field "Value" reads "1920
    // x 1080 @ fps=30 @ x264"
    await shows('ready.editing');

    // 7. press "Save"
    await act('press "Save"');
    // Then the screen shows: "Save" shows a spinner; "Cancel" and "Save" are disabled
    // (ready.saving: nothing to wait for on screen)

    // 8. the server saves the edited preset (the real server answers)
    // Then the screen shows: the dialog closes; the row reads 4K
    await shows('ready.idle');

    // 9. press "Edit" on Full HD
    await act('press "Edit" on Full HD');
    // Then the screen shows: the dialog "Edit query": the field "Name" reads "Full HD", the field "Value" reads "1920
    // x 1080 @ fps=30 @ x264"
    await shows('ready.editing');

    // 10. press "Save"
    // Arranged now for step 11: the server refuses: the name is taken.
    await arrange('the server refuses: the name is taken');
    await act('press "Save"');
    // Then the screen shows: "Save" shows a spinner; "Cancel" and "Save" are disabled
    // (ready.saving: nothing to wait for on screen)

    // 11. the server refuses: the name is taken (as arranged)
    // Then the screen shows: under the field "Name", in red: "A query with this name already exists"
    await shows('ready.editing');

    // 12. press "Save"
    // Arranged now for step 13: the network is down during the save.
    await arrange('the network is down during the save');
    await act('press "Save"');
    // Then the screen shows: "Save" shows a spinner; "Cancel" and "Save" are disabled
    // (ready.saving: nothing to wait for on screen)

    // 13. the network is down during the save (as arranged)
    // Then the screen shows: the dialog stays with what was typed; in it, in red: "Error while editing"
    await shows('ready.editing');
    await end();
  }, 195_000);

  it('path 3 from start: 6 steps', async () => {
    const { start, act, shows, end } = await suite.path();
    // Start. As user 1, the first administrator (no other user has the Directory: the menu leaves it out and the
    // server refuses everyone else), /directory; one encoding query, Full HD (1920 x 1080 @ fps=30 @ x264, Video,
    // Vitrine Pi player, Horizontal, active); none named 4K.
    await start('start');
    // (loading: nothing to wait for on screen)

    // 1. the server lists one preset, Full HD (the real server answers)
    // Then the screen shows: the table "Encoding queries" with the row Full HD: 1920 x 1080 @ fps=30 @ x264, "Video",
    // "Vitrine Pi player · Horizontal", "Active", with a pencil ("Edit Full HD") and "Deactivate"
    await shows('ready.idle');

    // 2. press "Add"
    await act('press "Add"');
    // Then the screen shows: the dialog "Add query": the field "Name" and the field "Value" empty (hint "width x
    // height @ fps=number @ x264 or hevc, e.g. 1920 x 1080 @ fps=30 @ x264"), the field "Type" "Video", the field
    // "Device type" "Vitrine Pi player", the field "Screen position" "Horizontal"; the buttons "Cancel" and "Save"
    await shows('ready.editing');

    // 3. type the name 4K
    await act('type the name 4K');
    // Then the screen shows: the field "Name" reads "4K" (its red message, if any, goes)
    await shows('ready.editing');

    // 4. type the value "3840 x 2160 @ fps=25 @ hevc"
    await act('type the value "3840 x 2160 @ fps=25 @ hevc"');
    // Then the screen shows: the field "Value" reads "3840 x 2160 @ fps=25 @ hevc" (its red message, if any, goes)
    await shows('ready.editing');

    // 5. press "Save"
    await act('press "Save"');
    // Then the screen shows: "Save" shows a spinner; "Cancel" and "Save" are disabled
    // (ready.saving: nothing to wait for on screen)

    // 6. the server adds the preset (the real server answers)
    // Then the screen shows: the dialog closes; the table has a row 4K
    await shows('ready.idle');
    await end();
  });
});
