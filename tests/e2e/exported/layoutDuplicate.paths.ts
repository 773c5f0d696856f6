// Duplicating a layout: the QA paths of the layoutDuplicate machine in Chromium, against the real app and server.
// Written by `npm run qa:export -- layoutDuplicate` from the catalogue tests/model/layouts/layoutDuplicate.qa.ts (the
// paths, the state each step reaches) and the adapter tests/e2e/paths/layoutDuplicate.adapter.ts (each step's user
// action, the outcomes arranged on the network, what each state looks like on screen). Change those and export again:
// tests/model/export.test.ts fails while this file is not what the export writes.
// Run it: npm run build && npx vitest run --project e2e tests/e2e/exported- -t 'layoutDuplicate in the browser'
import { describe, it } from 'vitest';
import { layoutDuplicateAdapter } from '../paths/layoutDuplicate.adapter.ts';
import { browserSuite } from '../paths/suite.ts';

const suite = browserSuite(layoutDuplicateAdapter);

describe('layoutDuplicate in the browser', () => {
  it('path 1 from start: 4 steps', async () => {
    const { start, act, shows, end } = await suite.path();
    // Start. As admin (or a user with playlists edit rights), /layouts; a layout "Lobby" (id 3); press "Duplicate
    // Lobby" on its row.
    await start('start');
    await shows('editing');

    // 1. type the name "Lobby, winter"
    await act('type the name "Lobby, winter"');
    // Then the screen shows: "Name" reads Lobby, winter
    await shows('editing');

    // 2. type a 62-character name
    await act('type a 62-character name');
    // Then the screen shows: "Name" reads Копия Лобби: основная, боковая и бегущая строка — вход (север) (62
    // characters); no message yet
    await shows('editing');

    // 3. press "Save"
    await act('press "Save"');
    // Then the screen shows: under "Name": "The name is at most 60 characters"
    await shows('editing');

    // 4. press "Cancel"
    await act('press "Cancel"');
    // Then the screen shows: the dialog closes; nothing is saved
    await shows('closed');
    await end();
  });

  it('path 2 from start: 2 steps', async () => {
    const { start, act, shows, end } = await suite.path();
    // Start. As admin (or a user with playlists edit rights), /layouts; a layout "Lobby" (id 3); press "Duplicate
    // Lobby" on its row.
    await start('start');
    await shows('editing');

    // 1. press "Save"
    await act('press "Save"');
    // Then the screen shows: "Duplicate" shows a spinner; "Cancel" and "Duplicate" are disabled
    // (saving: nothing to wait for on screen)

    // 2. the server saves it (the real server answers)
    // Then the screen shows: the dialog closes; a success toast "Layout duplicated"; the list shows Lobby, winter
    // beside Lobby
    await shows('saved');
    await end();
  });

  it('path 3 from start: 8 steps', async () => {
    const { start, act, arrange, shows, end } = await suite.path();
    // Start. As admin (or a user with playlists edit rights), /layouts; a layout "Lobby" (id 3); press "Duplicate
    // Lobby" on its row.
    await start('start');
    await shows('editing');

    // 1. press "Save"
    // Arranged now for step 2: the network is down during the save.
    await arrange('the network is down during the save');
    await act('press "Save"');
    // Then the screen shows: "Duplicate" shows a spinner; "Cancel" and "Duplicate" are disabled
    // (saving: nothing to wait for on screen)

    // 2. the network is down during the save (as arranged)
    // Then the screen shows: the line "The server cannot be reached. Check your connection and try again" above the
    // buttons; what was typed stays in the fields
    await shows('failed');

    // 3. type the name "Lobby, winter"
    await act('type the name "Lobby, winter"');
    // Then the screen shows: "Name" reads Lobby, winter
    await shows('editing');

    // 4. press "Save"
    // Arranged now for step 5: the network is down during the save.
    await arrange('the network is down during the save');
    await act('press "Save"');
    // Then the screen shows: "Duplicate" shows a spinner; "Cancel" and "Duplicate" are disabled
    // (saving: nothing to wait for on screen)

    // 5. the network is down during the save (as arranged)
    // Then the screen shows: the line "The server cannot be reached. Check your connection and try again" above the
    // buttons; what was typed stays in the fields
    await shows('failed');

    // 6. press "Save"
    // Arranged now for step 7: the network is down during the save.
    await arrange('the network is down during the save');
    await act('press "Save"');
    // Then the screen shows: "Duplicate" shows a spinner; "Cancel" and "Duplicate" are disabled
    // (saving: nothing to wait for on screen)

    // 7. the network is down during the save (as arranged)
    // Then the screen shows: the line "The server cannot be reached. Check your connection and try again" above the
    // buttons; what was typed stays in the fields
    await shows('failed');

    // 8. press "Cancel"
    await act('press "Cancel"');
    // Then the screen shows: the dialog closes; nothing is saved
    await shows('closed');
    await end();
  });
});
