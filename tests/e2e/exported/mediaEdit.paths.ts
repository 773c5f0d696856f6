// The edit-media form: the QA paths of the mediaEdit machine in Chromium, against the real app and server.
// Written by `npm run qa:export -- mediaEdit` from the catalogue tests/model/media/mediaEdit.qa.ts (the paths, the
// state each step reaches) and the adapter tests/e2e/paths/mediaEdit.adapter.ts (each step's user action, the
// outcomes arranged on the network, what each state looks like on screen). Change those and export again:
// tests/model/export.test.ts fails while this file is not what the export writes.
// Run it: npm run build && npx vitest run --project e2e tests/e2e/exported- -t 'mediaEdit in the browser'
import { describe, it } from 'vitest';
import { mediaEditAdapter } from '../paths/mediaEdit.adapter.ts';
import { browserSuite } from '../paths/suite.ts';

const suite = browserSuite(mediaEditAdapter);

describe('mediaEdit in the browser', () => {
  it('path 1 from start: 4 steps', async () => {
    const { start, act, shows, end } = await suite.path();
    // Start. As admin (or a user with media edit rights), /media/3; media file 3 "Clip"; press "Edit".
    await start('start');
    await shows('editing');

    // 1. type the name "Intro"
    await act('type the name "Intro"');
    // Then the screen shows: "Name" reads Intro
    await shows('editing');

    // 2. clear the name
    await act('clear the name');
    // Then the screen shows: "Name" holds only spaces
    await shows('editing');

    // 3. press "Save"
    await act('press "Save"');
    // Then the screen shows: under "Name": "This field is required"
    await shows('editing');

    // 4. press "Cancel"
    await act('press "Cancel"');
    // Then the screen shows: the dialog closes; nothing is saved
    await shows('closed');
    await end();
  });

  it('path 2 from start: 2 steps', async () => {
    const { start, act, shows, end } = await suite.path();
    // Start. As admin (or a user with media edit rights), /media/3; media file 3 "Clip"; press "Edit".
    await start('start');
    await shows('editing');

    // 1. press "Save"
    await act('press "Save"');
    // Then the screen shows: "Save" shows a spinner; "Cancel" and "Save" are disabled
    // (saving: nothing to wait for on screen)

    // 2. the server saves it (the real server answers)
    // Then the screen shows: the dialog closes; a success toast "Media updated"; the page (or the row) shows Intro
    await shows('saved');
    await end();
  });

  it('path 3 from start: 8 steps', async () => {
    const { start, act, arrange, shows, end } = await suite.path();
    // Start. As admin (or a user with media edit rights), /media/3; media file 3 "Clip"; press "Edit".
    await start('start');
    await shows('editing');

    // 1. press "Save"
    // Arranged now for step 2: the server refuses: the name is too long.
    await arrange('the server refuses: the name is too long');
    await act('press "Save"');
    // Then the screen shows: "Save" shows a spinner; "Cancel" and "Save" are disabled
    // (saving: nothing to wait for on screen)

    // 2. the server refuses: the name is too long (as arranged)
    // Then the screen shows: under "Name": "This value is not valid"; what was typed stays in the fields
    await shows('failed');

    // 3. type the name "Intro"
    await act('type the name "Intro"');
    // Then the screen shows: "Name" reads Intro
    await shows('editing');

    // 4. press "Save"
    // Arranged now for step 5: the network is down during the save.
    await arrange('the network is down during the save');
    await act('press "Save"');
    // Then the screen shows: "Save" shows a spinner; "Cancel" and "Save" are disabled
    // (saving: nothing to wait for on screen)

    // 5. the network is down during the save (as arranged)
    // Then the screen shows: the line "Error while editing media: The server cannot be reached. Check your connection
    // and try again" above the buttons; what was typed stays in the fields
    await shows('failed');

    // 6. press "Save"
    // Arranged now for step 7: the server refuses: the name is too long.
    await arrange('the server refuses: the name is too long');
    await act('press "Save"');
    // Then the screen shows: "Save" shows a spinner; "Cancel" and "Save" are disabled
    // (saving: nothing to wait for on screen)

    // 7. the server refuses: the name is too long (as arranged)
    // Then the screen shows: under "Name": "This value is not valid"; what was typed stays in the fields
    await shows('failed');

    // 8. press "Cancel"
    await act('press "Cancel"');
    // Then the screen shows: the dialog closes; nothing is saved
    await shows('closed');
    await end();
  });
});
