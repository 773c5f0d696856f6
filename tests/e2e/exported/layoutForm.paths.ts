// The new-layout form: the QA paths of the layoutForm machine in Chromium, against the real app and server.
// Written by `npm run qa:export -- layoutForm` from the catalogue tests/model/layouts/layoutForm.qa.ts (the paths,
// the state each step reaches) and the adapter tests/e2e/paths/layoutForm.adapter.ts (each step's user action, the
// outcomes arranged on the network, what each state looks like on screen). Change those and export again:
// tests/model/export.test.ts fails while this file is not what the export writes.
// Run it: npm run build && npx vitest run --project e2e tests/e2e/exported- -t 'layoutForm in the browser'
import { describe, it } from 'vitest';
import { layoutFormAdapter } from '../paths/layoutForm.adapter.ts';
import { browserSuite } from '../paths/suite.ts';

const suite = browserSuite(layoutFormAdapter);

describe('layoutForm in the browser', () => {
  it('path 1 from start: 4 steps', async () => {
    const { start, act, shows, end } = await suite.path();
    // Start. As admin (or a user with playlists edit rights), /layouts; no data needed; press "New layout".
    await start('start');
    await shows('editing');

    // 1. type the name "Лобби: основная, боковая и бегущая строка — вход"
    await act('type the name "Лобби: основная, боковая и бегущая строка — вход"');
    // Then the screen shows: "Name" reads Лобби: основная, боковая и бегущая строка — вход
    await shows('editing');

    // 2. type a 65-character name
    await act('type a 65-character name');
    // Then the screen shows: "Name" reads Лобби: основная, боковая и бегущая строка — вход (северное крыло) (65
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

  it('path 2 from start: 3 steps', async () => {
    const { start, act, shows, end } = await suite.path();
    // Start. As admin (or a user with playlists edit rights), /layouts; no data needed; press "New layout".
    await start('start');
    await shows('editing');

    // 1. type the name "Лобби: основная, боковая и бегущая строка — вход"
    await act('type the name "Лобби: основная, боковая и бегущая строка — вход"');
    // Then the screen shows: "Name" reads Лобби: основная, боковая и бегущая строка — вход
    await shows('editing');

    // 2. press "Save"
    await act('press "Save"');
    // Then the screen shows: "Create" shows a spinner; "Cancel" and "Create" are disabled
    // (saving: nothing to wait for on screen)

    // 3. the server saves it (the real server answers)
    // Then the screen shows: the dialog closes; a success toast "Layout created"; the new layout's editor /layouts/5
    // with its three zones Main, Side panel and Ticker
    await shows('saved');
    await end();
  });

  it('path 3 from start: 9 steps', async () => {
    const { start, act, arrange, shows, end } = await suite.path();
    // Start. As admin (or a user with playlists edit rights), /layouts; no data needed; press "New layout".
    await start('start');
    await shows('editing');

    // 1. type the name "Лобби: основная, боковая и бегущая строка — вход"
    await act('type the name "Лобби: основная, боковая и бегущая строка — вход"');
    // Then the screen shows: "Name" reads Лобби: основная, боковая и бегущая строка — вход
    await shows('editing');

    // 2. press "Save"
    // Arranged now for step 3: the network is down during the save.
    await arrange('the network is down during the save');
    await act('press "Save"');
    // Then the screen shows: "Create" shows a spinner; "Cancel" and "Create" are disabled
    // (saving: nothing to wait for on screen)

    // 3. the network is down during the save (as arranged)
    // Then the screen shows: the line "The server cannot be reached. Check your connection and try again" above the
    // buttons; what was typed stays in the fields
    await shows('failed');

    // 4. type the name "Лобби: основная, боковая и бегущая строка — вход"
    await act('type the name "Лобби: основная, боковая и бегущая строка — вход"');
    // Then the screen shows: "Name" reads Лобби: основная, боковая и бегущая строка — вход
    await shows('editing');

    // 5. press "Save"
    // Arranged now for step 6: the network is down during the save.
    await arrange('the network is down during the save');
    await act('press "Save"');
    // Then the screen shows: "Create" shows a spinner; "Cancel" and "Create" are disabled
    // (saving: nothing to wait for on screen)

    // 6. the network is down during the save (as arranged)
    // Then the screen shows: the line "The server cannot be reached. Check your connection and try again" above the
    // buttons; what was typed stays in the fields
    await shows('failed');

    // 7. press "Save"
    // Arranged now for step 8: the network is down during the save.
    await arrange('the network is down during the save');
    await act('press "Save"');
    // Then the screen shows: "Create" shows a spinner; "Cancel" and "Create" are disabled
    // (saving: nothing to wait for on screen)

    // 8. the network is down during the save (as arranged)
    // Then the screen shows: the line "The server cannot be reached. Check your connection and try again" above the
    // buttons; what was typed stays in the fields
    await shows('failed');

    // 9. press "Cancel"
    await act('press "Cancel"');
    // Then the screen shows: the dialog closes; nothing is saved
    await shows('closed');
    await end();
  }, 135_000);
});
