// The add-playlist form: the QA paths of the playlistForm machine in Chromium, against the real app and server.
// Written by `npm run qa:export -- playlistForm` from the catalogue tests/model/playlists/playlistForm.qa.ts (the
// paths, the state each step reaches) and the adapter tests/e2e/paths/playlistForm.adapter.ts (each step's user
// action, the outcomes arranged on the network, what each state looks like on screen). Change those and export again:
// tests/model/export.test.ts fails while this file is not what the export writes.
// Run it: npm run build && npx vitest run --project e2e tests/e2e/exported- -t 'playlistForm in the browser'
import { describe, it } from 'vitest';
import { playlistFormAdapter } from '../paths/playlistForm.adapter.ts';
import { browserSuite } from '../paths/suite.ts';

const suite = browserSuite(playlistFormAdapter);

describe('playlistForm in the browser', () => {
  it('path 1 from start: 4 steps', async () => {
    const { start, act, shows, end } = await suite.path();
    // Start. As admin (or a user with playlists edit rights), /playlists; no data needed; press "Add playlist".
    await start('start');
    await shows('editing');

    // 1. type the name "Утренний эфир, северные крылья" (30 characters)
    await act('type the name "Утренний эфир, северные крылья" (30 characters)');
    // Then the screen shows: "Name" reads Утренний эфир, северные крылья
    await shows('editing');

    // 2. type a 31-character name
    await act('type a 31-character name');
    // Then the screen shows: "Name" reads Утренний эфир, северные крылья! (31 characters); no message yet
    await shows('editing');

    // 3. press "Save"
    await act('press "Save"');
    // Then the screen shows: under "Name": "The name is at most 30 characters"
    await shows('editing');

    // 4. press "Cancel"
    await act('press "Cancel"');
    // Then the screen shows: the dialog closes; nothing is saved
    await shows('closed');
    await end();
  });

  it('path 2 from start: 3 steps', async () => {
    const { start, act, shows, end } = await suite.path();
    // Start. As admin (or a user with playlists edit rights), /playlists; no data needed; press "Add playlist".
    await start('start');
    await shows('editing');

    // 1. type the name "Утренний эфир, северные крылья" (30 characters)
    await act('type the name "Утренний эфир, северные крылья" (30 characters)');
    // Then the screen shows: "Name" reads Утренний эфир, северные крылья
    await shows('editing');

    // 2. press "Save"
    await act('press "Save"');
    // Then the screen shows: "Save" shows a spinner; "Cancel" and "Save" are disabled
    // (saving: nothing to wait for on screen)

    // 3. the server saves it (the real server answers)
    // Then the screen shows: the dialog closes; a success toast "Successfully added"; the new playlist's page
    // /playlists/5
    await shows('saved');
    await end();
  });

  it('path 3 from start: 9 steps', async () => {
    const { start, act, arrange, shows, end } = await suite.path();
    // Start. As admin (or a user with playlists edit rights), /playlists; no data needed; press "Add playlist".
    await start('start');
    await shows('editing');

    // 1. type the name "Утренний эфир, северные крылья" (30 characters)
    await act('type the name "Утренний эфир, северные крылья" (30 characters)');
    // Then the screen shows: "Name" reads Утренний эфир, северные крылья
    await shows('editing');

    // 2. press "Save"
    // Arranged now for step 3: the server refuses: the playlist has tracks.
    await arrange('the server refuses: the playlist has tracks');
    await act('press "Save"');
    // Then the screen shows: "Save" shows a spinner; "Cancel" and "Save" are disabled
    // (saving: nothing to wait for on screen)

    // 3. the server refuses: the playlist has tracks (as arranged)
    // Then the screen shows: under "Screen position": "A playlist with media cannot change its screen position"; what
    // was typed stays in the fields
    await shows('failed');

    // 4. type the name "Утренний эфир, северные крылья" (30 characters)
    await act('type the name "Утренний эфир, северные крылья" (30 characters)');
    // Then the screen shows: "Name" reads Утренний эфир, северные крылья
    await shows('editing');

    // 5. press "Save"
    // Arranged now for step 6: the network is down during the save.
    await arrange('the network is down during the save');
    await act('press "Save"');
    // Then the screen shows: "Save" shows a spinner; "Cancel" and "Save" are disabled
    // (saving: nothing to wait for on screen)

    // 6. the network is down during the save (as arranged)
    // Then the screen shows: the line "The server cannot be reached. Check your connection and try again" above the
    // buttons; what was typed stays in the fields
    await shows('failed');

    // 7. press "Save"
    // Arranged now for step 8: the server refuses: the playlist has tracks.
    await arrange('the server refuses: the playlist has tracks');
    await act('press "Save"');
    // Then the screen shows: "Save" shows a spinner; "Cancel" and "Save" are disabled
    // (saving: nothing to wait for on screen)

    // 8. the server refuses: the playlist has tracks (as arranged)
    // Then the screen shows: under "Screen position": "A playlist with media cannot change its screen position"; what
    // was typed stays in the fields
    await shows('failed');

    // 9. press "Cancel"
    await act('press "Cancel"');
    // Then the screen shows: the dialog closes; nothing is saved
    await shows('closed');
    await end();
  }, 135_000);
});
