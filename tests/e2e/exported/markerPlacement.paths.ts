// Placing a new marker on the layout: the QA paths of the markerPlacement machine in Chromium, against the real app
// and server.
// Written by `npm run qa:export -- markerPlacement` from the catalogue tests/model/navigation/markerPlacement.qa.ts
// (the paths, the state each step reaches) and the adapter tests/e2e/paths/markerPlacement.adapter.ts (each step's
// user action, the outcomes arranged on the network, what each state looks like on screen). Change those and export
// again: tests/model/export.test.ts fails while this file is not what the export writes.
// Run it: npm run build && npx vitest run --project e2e tests/e2e/exported- -t 'markerPlacement in the browser'
import { describe, it } from 'vitest';
import { markerPlacementAdapter } from '../paths/markerPlacement.adapter.ts';
import { browserSuite } from '../paths/suite.ts';

const suite = browserSuite(markerPlacementAdapter);

describe('markerPlacement in the browser', () => {
  it('path 1 from start: 15 steps', async () => {
    const { start, act, shows, end } = await suite.path();
    // Start. As admin (or a user with navigation edit rights), /navigation/5 (a device's map: "Navigation map of …"
    // under "Device maps" on /navigation); device 5 in an office with an object that has a layout image; choose that
    // object under "Object".
    await start('start');
    await shows('idle');

    // 1. press "Add marker"
    await act('press "Add marker"');
    // Then the screen shows: "Cancel" in place of "Add marker"; "Click the layout where the marker goes, or press
    // Escape."; a crosshair over the layout
    await shows('placing');

    // 2. click the layout at 25 % across, half-way down
    await act('click the layout at 25 % across, half-way down');
    // Then the screen shows: a new marker at 25 % across, half-way down; the side panel "New marker": "Icon" "No
    // icon", "Background colour", "Description", "Add"
    await shows('placed');

    // 3. drag the new marker to 30 % across, 60 % down
    await act('drag the new marker to 30 % across, 60 % down');
    // Then the screen shows: the new marker at 30 % across, 60 % down
    await shows('placed');

    // 4. choose the kind "Toilet" in the side panel
    await act('choose the kind "Toilet" in the side panel');
    // Then the screen shows: "Icon" reads "Toilet"; the new marker shows the toilet icon
    await shows('editing');

    // 5. drag the new marker to 30 % across, 60 % down
    await act('drag the new marker to 30 % across, 60 % down');
    // Then the screen shows: the new marker at 30 % across, 60 % down
    await shows('editing');

    // 6. choose the kind "Toilet" in the side panel
    await act('choose the kind "Toilet" in the side panel');
    await shows('editing');

    // 7. press "Add"
    await act('press "Add"');
    // Then the screen shows: "Toilet at 30 %, 60 %" in the list; "Add marker" is back
    await shows('idle');

    // 8. press "Add marker"
    await act('press "Add marker"');
    // Then the screen shows: "Cancel" in place of "Add marker"; "Click the layout where the marker goes, or press
    // Escape."; a crosshair over the layout
    await shows('placing');

    // 9. click the screen's own marker (the middle of the layout)
    await act("click the screen's own marker (the middle of the layout)");
    // Then the screen shows: a new marker in the middle of the layout, on top of the screen's own marker; the side
    // panel "New marker"
    await shows('placed');

    // 10. press "Add"
    await act('press "Add"');
    // Then the screen shows: "No icon at 50 %, 50 %" in the list; "Add marker" is back
    await shows('idle');

    // 11. press "Add marker"
    await act('press "Add marker"');
    // Then the screen shows: "Cancel" in place of "Add marker"; "Click the layout where the marker goes, or press
    // Escape."; a crosshair over the layout
    await shows('placing');

    // 12. press Escape (or "Cancel")
    await act('press Escape (or "Cancel")');
    // Then the screen shows: "Add marker" is back; no crosshair, no hint
    await shows('idle');

    // 13. press "Add marker"
    await act('press "Add marker"');
    // Then the screen shows: "Cancel" in place of "Add marker"; "Click the layout where the marker goes, or press
    // Escape."; a crosshair over the layout
    await shows('placing');

    // 14. click the layout at 25 % across, half-way down
    await act('click the layout at 25 % across, half-way down');
    // Then the screen shows: a new marker at 25 % across, half-way down; the side panel "New marker": "Icon" "No
    // icon", "Background colour", "Description", "Add"
    await shows('placed');

    // 15. press Escape (or "Cancel")
    await act('press Escape (or "Cancel")');
    // Then the screen shows: the new marker and its panel are gone; "Add marker" is back
    await shows('idle');
    await end();
  }, 225_000);

  it('path 2 from start: 4 steps', async () => {
    const { start, act, shows, end } = await suite.path();
    // Start. As admin (or a user with navigation edit rights), /navigation/5 (a device's map: "Navigation map of …"
    // under "Device maps" on /navigation); device 5 in an office with an object that has a layout image; choose that
    // object under "Object".
    await start('start');
    await shows('idle');

    // 1. press "Add marker"
    await act('press "Add marker"');
    // Then the screen shows: "Cancel" in place of "Add marker"; "Click the layout where the marker goes, or press
    // Escape."; a crosshair over the layout
    await shows('placing');

    // 2. click the layout at 25 % across, half-way down
    await act('click the layout at 25 % across, half-way down');
    // Then the screen shows: a new marker at 25 % across, half-way down; the side panel "New marker": "Icon" "No
    // icon", "Background colour", "Description", "Add"
    await shows('placed');

    // 3. choose the kind "Toilet" in the side panel
    await act('choose the kind "Toilet" in the side panel');
    // Then the screen shows: "Icon" reads "Toilet"; the new marker shows the toilet icon
    await shows('editing');

    // 4. press Escape (or "Cancel")
    await act('press Escape (or "Cancel")');
    // Then the screen shows: the new marker and its panel are gone; "Add marker" is back
    await shows('idle');
    await end();
  });
});
