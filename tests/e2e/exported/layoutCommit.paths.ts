// Committing a layout: the QA paths of the layoutCommit machine in Chromium, against the real app and server.
// Written by `npm run qa:export -- layoutCommit` from the catalogue tests/model/layouts/layoutCommit.qa.ts (the
// paths, the state each step reaches) and the adapter tests/e2e/paths/layoutCommit.adapter.ts (each step's user
// action, the outcomes arranged on the network, what each state looks like on screen). Change those and export again:
// tests/model/export.test.ts fails while this file is not what the export writes.
// Run it: npm run build && npx vitest run --project e2e tests/e2e/exported- -t 'layoutCommit in the browser'
import { describe, it } from 'vitest';
import { layoutCommitAdapter } from '../paths/layoutCommit.adapter.ts';
import { browserSuite } from '../paths/suite.ts';

const suite = browserSuite(layoutCommitAdapter);

describe('layoutCommit in the browser', () => {
  it('path 1 from an uncommitted layout: 12 steps', async () => {
    const { start, act, arrange, shows, end } = await suite.path();
    // Start: an uncommitted layout. As admin (or a user with playlists edit rights), /layouts/7 (the layout's editor:
    // its name on /layouts); layout 7, committed once (version 2), then a zone moved and "Save changes" pressed: the
    // badge "Not committed" (its hint "Changes wait for Commit: screens still play version 2").
    await start('an uncommitted layout');
    await shows('uncommitted');

    // 1. press "Commit"
    await act('press "Commit"');
    // Then the screen shows: "Commit" turns into a spinner and is disabled
    // (checking: nothing to wait for on screen)

    // 2. the server says every screen of the layout can play its files (the real server answers)
    // Then the screen shows: "Commit" turns into a spinner and is disabled
    // (committing: nothing to wait for on screen)

    // 3. the server commits version 3 (the real server answers)
    // Then the screen shows: the badge "Committed" (its hint "Committed, version 3"); "Commit" is enabled again
    await shows('committed');

    // 4. press "Commit"
    // Arranged now for step 5: the server says 1 screen cannot play "Poster.bmp".
    await arrange('the server says 1 screen cannot play "Poster.bmp"');
    await act('press "Commit"');
    // Then the screen shows: "Commit" turns into a spinner and is disabled
    // (checking: nothing to wait for on screen)

    // 5. the server says 1 screen cannot play "Poster.bmp" (as arranged)
    // Then the screen shows: the dialog "Commit with warnings?": "1 screen cannot play “Poster.bmp”: no format it
    // decodes", "Screens: Lobby"; the buttons "Commit anyway" and "Cancel"
    await shows('confirming');

    // 6. press "Commit anyway" in the confirmation
    await act('press "Commit anyway" in the confirmation');
    // Then the screen shows: "Commit" turns into a spinner and is disabled
    // (committing: nothing to wait for on screen)

    // 7. the server answers: nothing changed since version 2 (the real server answers)
    // Then the screen shows: the badge "Committed" (its hint "Committed, version 2"); "Commit" is enabled again
    await shows('committed');

    // 8. the editor reloads: changed since version 2
    await act('the editor reloads: changed since version 2');
    // Then the screen shows: the badge "Not committed" (its hint "Changes wait for Commit: screens still play version
    // 2")
    await shows('uncommitted');

    // 9. the editor reloads: committed, version 2
    await act('the editor reloads: committed, version 2');
    // Then the screen shows: the badge "Committed" (its hint "Committed, version 2")
    await shows('committed');

    // 10. press "Commit"
    // Arranged now for step 11: the network is down during the check.
    await arrange('the network is down during the check');
    await act('press "Commit"');
    // Then the screen shows: "Commit" turns into a spinner and is disabled
    // (checking: nothing to wait for on screen)

    // 11. the network is down during the check (as arranged)
    // Then the screen shows: the dialog "Commit with warnings?": "Could not check what the screens of this layout can
    // play. Commit all the same?"; the buttons "Commit anyway" and "Cancel"
    await shows('confirming');

    // 12. press "Cancel" in the confirmation
    await act('press "Cancel" in the confirmation');
    // Then the screen shows: the dialog closes; nothing is committed; the badge "Committed" (its hint "Committed,
    // version 2")
    await shows('committed');
    await end();
  }, 180_000);

  it('path 2 from a committed layout: 9 steps', async () => {
    const { start, act, arrange, shows, end } = await suite.path();
    // Start: a committed layout. As admin (or a user with playlists edit rights), /layouts/7; layout 7, committed as
    // version 2 and unchanged since: the badge "Committed" (its hint "Committed, version 2").
    await start('a committed layout');
    await shows('committed');

    // 1. press "Commit"
    // Arranged now for step 3: the network is down during the commit.
    await arrange('the network is down during the commit');
    await act('press "Commit"');
    // Then the screen shows: "Commit" turns into a spinner and is disabled
    // (checking: nothing to wait for on screen)

    // 2. the server says every screen of the layout can play its files (the real server answers)
    // Then the screen shows: "Commit" turns into a spinner and is disabled
    // (committing: nothing to wait for on screen)

    // 3. the network is down during the commit (as arranged)
    // Then the screen shows: "Commit" is enabled again
    await shows('failed');

    // 4. press "Commit"
    // Arranged now for step 6: the server refuses: a zone's playlist is not committed.
    await arrange("the server refuses: a zone's playlist is not committed");
    await act('press "Commit"');
    // Then the screen shows: "Commit" turns into a spinner and is disabled
    // (checking: nothing to wait for on screen)

    // 5. the server says every screen of the layout can play its files (the real server answers)
    // Then the screen shows: "Commit" turns into a spinner and is disabled
    // (committing: nothing to wait for on screen)

    // 6. the server refuses: a zone's playlist is not committed (as arranged)
    // Then the screen shows: the line "A zone's playlist is not committed: commit it first"; "Commit" is enabled
    // again
    await shows('failed');

    // 7. press "Commit"
    // Arranged now for step 8: the server says 1 screen cannot play "Poster.bmp".
    await arrange('the server says 1 screen cannot play "Poster.bmp"');
    await act('press "Commit"');
    // Then the screen shows: "Commit" turns into a spinner and is disabled
    // (checking: nothing to wait for on screen)

    // 8. the server says 1 screen cannot play "Poster.bmp" (as arranged)
    // Then the screen shows: the dialog "Commit with warnings?": "1 screen cannot play “Poster.bmp”: no format it
    // decodes", "Screens: Lobby"; the buttons "Commit anyway" and "Cancel"
    await shows('confirming');

    // 9. press "Cancel" in the confirmation
    await act('press "Cancel" in the confirmation');
    // Then the screen shows: the dialog closes; nothing is committed; the badge "Not committed" (its hint "Changes
    // wait for Commit: screens still play version 2")
    await shows('uncommitted');
    await end();
  }, 135_000);
});
