// Committing a playlist: the QA paths of the playlistCommit machine in Chromium, against the real app and server.
// Written by `npm run qa:export -- playlistCommit` from the catalogue tests/model/playlists/playlistCommit.qa.ts (the
// paths, the state each step reaches) and the adapter tests/e2e/paths/playlistCommit.adapter.ts (each step's user
// action, the outcomes arranged on the network, what each state looks like on screen). Change those and export again:
// tests/model/export.test.ts fails while this file is not what the export writes.
// Run it: npm run build && npx vitest run --project e2e tests/e2e/exported- -t 'playlistCommit in the browser'
import { describe, it } from 'vitest';
import { playlistCommitAdapter } from '../paths/playlistCommit.adapter.ts';
import { browserSuite } from '../paths/suite.ts';

const suite = browserSuite(playlistCommitAdapter);

describe('playlistCommit in the browser', () => {
  it('path 1 from an uncommitted playlist: 9 steps', async () => {
    const { start, act, arrange, shows, end } = await suite.path();
    // Start: an uncommitted playlist. As admin (or a user with playlists edit rights), /playlists/7 (the playlist's
    // own page, from "Open" on /playlists); playlist 7, committed once (version 2), then a track added and "Save
    // changes" pressed: the badge "Not committed" (its hint "Changes wait for Commit: screens still play version 2").
    await start('an uncommitted playlist');
    await shows('uncommitted');

    // 1. press "Commit"
    await act('press "Commit"');
    // Then the screen shows: "Commit" turns into a spinner and is disabled
    // (committing: nothing to wait for on screen)

    // 2. the server commits version 3 (the real server answers)
    // Then the screen shows: the badge "Committed" (its hint "Committed, version 3"); "Commit" is enabled again
    await shows('committed');

    // 3. press "Commit"
    await act('press "Commit"');
    // Then the screen shows: "Commit" turns into a spinner and is disabled
    // (committing: nothing to wait for on screen)

    // 4. the server answers: nothing changed since version 2 (the real server answers)
    // Then the screen shows: the badge "Committed" (its hint "Committed, version 2"); "Commit" is enabled again
    await shows('committed');

    // 5. the editor reloads: changed since version 2
    await act('the editor reloads: changed since version 2');
    // Then the screen shows: the badge "Not committed" (its hint "Changes wait for Commit: screens still play version
    // 2")
    await shows('uncommitted');

    // 6. the editor reloads: committed, version 2
    await act('the editor reloads: committed, version 2');
    // Then the screen shows: the badge "Committed" (its hint "Committed, version 2")
    await shows('committed');

    // 7. press "Commit"
    // Arranged now for step 8: the network is down during the commit.
    await arrange('the network is down during the commit');
    await act('press "Commit"');
    // Then the screen shows: "Commit" turns into a spinner and is disabled
    // (committing: nothing to wait for on screen)

    // 8. the network is down during the commit (as arranged)
    // Then the screen shows: "Commit" is enabled again
    await shows('failed');

    // 9. press "Commit"
    await act('press "Commit"');
    // Then the screen shows: "Commit" turns into a spinner and is disabled
    // (committing: nothing to wait for on screen)
    await end();
  });

  it('path 2 from a committed playlist: 0 steps', async () => {
    const { start, shows, end } = await suite.path();
    // Start: a committed playlist. As admin (or a user with playlists edit rights), /playlists/7; playlist 7,
    // committed as version 2 and unchanged since: the badge "Committed" (its hint "Committed, version 2").
    await start('a committed playlist');
    await shows('committed');
    await end();
  });
});
