// The group editor: the QA paths of the groupForm machine in Chromium, against the real app and server.
// Written by `npm run qa:export -- groupForm` from the catalogue tests/model/groups/groupForm.qa.ts (the paths, the
// state each step reaches) and the adapter tests/e2e/paths/groupForm.adapter.ts (each step's user action, the
// outcomes arranged on the network, what each state looks like on screen). Change those and export again:
// tests/model/export.test.ts fails while this file is not what the export writes.
// Run it: npm run build && npx vitest run --project e2e tests/e2e/exported- -t 'groupForm in the browser'
import { describe, it } from 'vitest';
import { groupFormAdapter } from '../paths/groupForm.adapter.ts';
import { browserSuite } from '../paths/suite.ts';

const suite = browserSuite(groupFormAdapter);

describe('groupForm in the browser', () => {
  it('path 1 from start: 4 steps', async () => {
    const { start, act, shows, end } = await suite.path();
    // Start. As admin (the administrator: only it sees Groups), /groups; a company (on /organizations); press "Add
    // group".
    await start('start');
    await shows('editing');

    // 1. type the name "Операторы севера"
    await act('type the name "Операторы севера"');
    // Then the screen shows: "Name" shows Операторы севера
    await shows('editing');

    // 2. type a blank name
    await act('type a blank name');
    // Then the screen shows: "Name" shows only spaces; no message yet
    await shows('editing');

    // 3. press "Save"
    await act('press "Save"');
    // Then the screen shows: under "Name" the message "Required"
    await shows('editing');

    // 4. press "Cancel"
    await act('press "Cancel"');
    // Then the screen shows: the dialog closes; nothing is saved
    await shows('closed');
    await end();
  });

  it('path 2 from start: 3 steps', async () => {
    const { start, act, shows, end } = await suite.path();
    // Start. As admin (the administrator: only it sees Groups), /groups; a company (on /organizations); press "Add
    // group".
    await start('start');
    await shows('editing');

    // 1. type the name "Операторы севера"
    await act('type the name "Операторы севера"');
    // Then the screen shows: "Name" shows Операторы севера
    await shows('editing');

    // 2. press "Save"
    await act('press "Save"');
    // Then the screen shows: "Save" shows a spinner; "Cancel" and "Save" are disabled
    // (saving: nothing to wait for on screen)

    // 3. the server saves it (the real server answers)
    // Then the screen shows: the dialog closes; a success toast "Successfully added"; the row Операторы севера in the
    // list
    await shows('saved');
    await end();
  });

  it('path 3 from start: 9 steps', async () => {
    const { start, act, arrange, shows, end } = await suite.path();
    // Start. As admin (the administrator: only it sees Groups), /groups; a company (on /organizations); press "Add
    // group".
    await start('start');
    await shows('editing');

    // 1. type the name "Операторы севера"
    await act('type the name "Операторы севера"');
    // Then the screen shows: "Name" shows Операторы севера
    await shows('editing');

    // 2. press "Save"
    // Arranged now for step 3: the server refuses: the name is taken.
    await arrange('the server refuses: the name is taken');
    await act('press "Save"');
    // Then the screen shows: "Save" shows a spinner; "Cancel" and "Save" are disabled
    // (saving: nothing to wait for on screen)

    // 3. the server refuses: the name is taken (as arranged)
    // Then the screen shows: under "Name" the message "A group with this name already exists"; what was typed stays
    // in the fields
    await shows('failed');

    // 4. type the name "Операторы севера"
    await act('type the name "Операторы севера"');
    // Then the screen shows: "Name" shows Операторы севера
    await shows('editing');

    // 5. press "Save"
    // Arranged now for step 6: the network is down during the save.
    await arrange('the network is down during the save');
    await act('press "Save"');
    // Then the screen shows: "Save" shows a spinner; "Cancel" and "Save" are disabled
    // (saving: nothing to wait for on screen)

    // 6. the network is down during the save (as arranged)
    // Then the screen shows: the line "No connection to the server" above the buttons; what was typed stays in the
    // fields
    await shows('failed');

    // 7. press "Save"
    // Arranged now for step 8: the server refuses: the name is taken.
    await arrange('the server refuses: the name is taken');
    await act('press "Save"');
    // Then the screen shows: "Save" shows a spinner; "Cancel" and "Save" are disabled
    // (saving: nothing to wait for on screen)

    // 8. the server refuses: the name is taken (as arranged)
    // Then the screen shows: under "Name" the message "A group with this name already exists"; what was typed stays
    // in the fields
    await shows('failed');

    // 9. press "Cancel"
    await act('press "Cancel"');
    // Then the screen shows: the dialog closes; nothing is saved
    await shows('closed');
    await end();
  }, 135_000);
});
