// The campaign calendar: the QA paths of the scheduler machine in Chromium, against the real app and server.
// Written by `npm run qa:export -- scheduler` from the catalogue tests/model/scheduler/scheduler.qa.ts (the paths,
// the state each step reaches) and the adapter tests/e2e/paths/scheduler.adapter.ts (each step's user action, the
// outcomes arranged on the network, what each state looks like on screen). Change those and export again:
// tests/model/export.test.ts fails while this file is not what the export writes.
// Run it: npm run build && npx vitest run --project e2e tests/e2e/exported- -t 'scheduler in the browser'
import { describe, it } from 'vitest';
import { schedulerAdapter } from '../paths/scheduler.adapter.ts';
import { browserSuite } from '../paths/suite.ts';

const suite = browserSuite(schedulerAdapter);

describe('scheduler in the browser', () => {
  it("path 1 from one campaign's calendar: 1 step", async () => {
    const { start, arrange, shows, end } = await suite.path();
    // Start: one campaign's calendar. As admin (or a user with scheduler edit rights), /campaigns/9/scheduler
    // ("Scheduler" of campaign 9 on /campaigns); campaign 9 "Осенняя распродажа" with devices 11 and 12, its
    // published weekly event "Morning news" (Monday to Friday, 08:00-09:00, 2 to 30 November 2026) on the playlist
    // "Morning news"; the calendar on November 2026.
    // Arranged now for step 1: the events load, all published.
    await arrange('the events load, all published');
    await start("one campaign's calendar");
    // (loading: nothing to wait for on screen)

    // 1. the events load, all published (as arranged)
    // Then the screen shows: "Morning news" on every weekday, 08:00-09:00; "All events are published"
    await shows('ready.published');
    await end();
  });

  it('path 2 from the calendar of every campaign: 1 step', async () => {
    const { start, shows, end } = await suite.path();
    // Start: the calendar of every campaign. As admin (or a user with scheduler edit rights), /scheduler; campaign 9
    // "Осенняя распродажа" with devices 11 and 12, its published weekly event "Morning news" (Monday to Friday,
    // 08:00-09:00, 2 to 30 November 2026) on the playlist "Morning news"; the calendar on November 2026.
    await start('the calendar of every campaign');
    // (loading: nothing to wait for on screen)

    // 1. the events load, "Вечерний эфир" not published (the real server answers)
    // Then the screen shows: "Morning news" on every weekday, 08:00-09:00; "Вечерний эфир" 19:00-21:00 marked "not
    // published"
    await shows('ready.unpublished');
    await end();
  });

  it("path 3 from one campaign's calendar: 6 steps", async () => {
    const { start, act, arrange, shows, end } = await suite.path();
    // Start: one campaign's calendar. As admin (or a user with scheduler edit rights), /campaigns/9/scheduler
    // ("Scheduler" of campaign 9 on /campaigns); campaign 9 "Осенняя распродажа" with devices 11 and 12, its
    // published weekly event "Morning news" (Monday to Friday, 08:00-09:00, 2 to 30 November 2026) on the playlist
    // "Morning news"; the calendar on November 2026.
    // Arranged now for step 1: loading the events fails.
    await arrange('loading the events fails');
    await start("one campaign's calendar");
    // (loading: nothing to wait for on screen)

    // 1. loading the events fails (as arranged)
    // Then the screen shows: "Oops. Something went wrong. Try to reload page" and the button "Retry"
    await shows('failed');

    // 2. press "Retry"
    await act('press "Retry"');
    // Then the screen shows: "Loading events"
    // (loading: nothing to wait for on screen)

    // 3. the events load, "Вечерний эфир" not published (the real server answers)
    // Then the screen shows: "Morning news" on every weekday, 08:00-09:00; "Вечерний эфир" 19:00-21:00 marked "not
    // published"; "Unpublished changes: screens do not show them until you publish"
    await shows('ready.unpublished');

    // 4. press "Publish"
    await act('press "Publish"');
    // Then the screen shows: "Publish" shows a spinner; the calendar is read-only until the server answers
    // (ready.checking: nothing to wait for on screen)

    // 5. the server says every screen can play everything (the real server answers)
    // Then the screen shows: "Publish" shows a spinner; the calendar is read-only until the server answers
    // (ready.publishing: nothing to wait for on screen)

    // 6. the server publishes the campaign (the real server answers)
    // Then the screen shows: "All events are published"; no event marked "not published"
    await shows('ready.published');
    await end();
  });

  it("path 4 from one campaign's calendar: 6 steps", async () => {
    const { start, act, arrange, shows, end } = await suite.path();
    // Start: one campaign's calendar. As admin (or a user with scheduler edit rights), /campaigns/9/scheduler
    // ("Scheduler" of campaign 9 on /campaigns); campaign 9 "Осенняя распродажа" with devices 11 and 12, its
    // published weekly event "Morning news" (Monday to Friday, 08:00-09:00, 2 to 30 November 2026) on the playlist
    // "Morning news"; the calendar on November 2026.
    await start("one campaign's calendar");
    // (loading: nothing to wait for on screen)

    // 1. the events load, "Вечерний эфир" not published (the real server answers)
    // Then the screen shows: "Morning news" on every weekday, 08:00-09:00; "Вечерний эфир" 19:00-21:00 marked "not
    // published"; "Unpublished changes: screens do not show them until you publish"
    await shows('ready.unpublished');

    // 2. press "Publish"
    // Arranged now for step 3: the server says 3 screens cannot play "Promo.mp4" yet (converting it).
    await arrange('the server says 3 screens cannot play "Promo.mp4" yet (converting it)');
    await act('press "Publish"');
    // Then the screen shows: "Publish" shows a spinner; the calendar is read-only until the server answers
    // (ready.checking: nothing to wait for on screen)

    // 3. the server says 3 screens cannot play "Promo.mp4" yet (converting it) (as arranged)
    // Then the screen shows: the dialog "Publish with warnings?": "3 screens cannot play “Promo.mp4” yet: converting
    // it", "Screens: Hall 1, Hall 2, Hall 3"; the buttons "Publish anyway" and "Cancel"
    await shows('ready.confirming');

    // 4. press "Publish anyway" in the confirmation
    // Arranged now for step 5: the server publishes, warning that 3 screens wait for a render of "Promo.mp4".
    await arrange('the server publishes, warning that 3 screens wait for a render of "Promo.mp4"');
    await act('press "Publish anyway" in the confirmation');
    // Then the screen shows: "Publish" shows a spinner; the calendar is read-only until the server answers
    // (ready.publishing: nothing to wait for on screen)

    // 5. the server publishes, warning that 3 screens wait for a render of "Promo.mp4" (as arranged)
    // Then the screen shows: "All events are published"; the message "Published, but some screens cannot play
    // everything yet": "3 screens cannot play “Promo.mp4” yet: converting it"
    await shows('ready.published');

    // 6. close the message of what screens cannot play
    await act('close the message of what screens cannot play');
    // Then the screen shows: the message closes
    await shows('ready.published');
    await end();
  });

  it("path 5 from one campaign's calendar: 14 steps", async () => {
    const { start, act, arrange, shows, end } = await suite.path();
    // Start: one campaign's calendar. As admin (or a user with scheduler edit rights), /campaigns/9/scheduler
    // ("Scheduler" of campaign 9 on /campaigns); campaign 9 "Осенняя распродажа" with devices 11 and 12, its
    // published weekly event "Morning news" (Monday to Friday, 08:00-09:00, 2 to 30 November 2026) on the playlist
    // "Morning news"; the calendar on November 2026.
    await start("one campaign's calendar");
    // (loading: nothing to wait for on screen)

    // 1. the events load, "Вечерний эфир" not published (the real server answers)
    // Then the screen shows: "Morning news" on every weekday, 08:00-09:00; "Вечерний эфир" 19:00-21:00 marked "not
    // published"; "Unpublished changes: screens do not show them until you publish"
    await shows('ready.unpublished');

    // 2. press "Publish"
    // Arranged now for step 3: the network is down during the check.
    await arrange('the network is down during the check');
    await act('press "Publish"');
    // Then the screen shows: "Publish" shows a spinner; the calendar is read-only until the server answers
    // (ready.checking: nothing to wait for on screen)

    // 3. the network is down during the check (as arranged)
    // Then the screen shows: the dialog "Publish with warnings?": "Could not check what the screens can play. Publish
    // all the same? If something cannot play, the publish says so afterwards."; the buttons "Publish anyway" and
    // "Cancel"
    await shows('ready.confirming');

    // 4. press "Cancel" in the confirmation
    await act('press "Cancel" in the confirmation');
    // Then the screen shows: the dialog closes; nothing is published; "Unpublished changes: screens do not show them
    // until you publish"
    await shows('ready.unpublished');

    // 5. press "Publish"
    // Arranged now for step 6: the server says playlist "Morning news" is not committed, and 3 screens cannot play
    // "Promo.mp4" yet.
    await arrange('the server says playlist "Morning news" is not committed, and 3 screens cannot play "Promo.mp4" yet');
    // Arranged now for step 7: the server refuses: playlist "Morning news" is not committed.
    await arrange('the server refuses: playlist "Morning news" is not committed');
    await act('press "Publish"');
    // Then the screen shows: "Publish" shows a spinner; the calendar is read-only until the server answers
    // (ready.checking: nothing to wait for on screen)

    // 6. the server says playlist "Morning news" is not committed, and 3 screens cannot play "Promo.mp4" yet (as
    // arranged)
    // Then the screen shows: "Publish" shows a spinner; the calendar is read-only until the server answers
    // (ready.publishing: nothing to wait for on screen)

    // 7. the server refuses: playlist "Morning news" is not committed (as arranged)
    // Then the screen shows: the message "Uncommited playlists found!" "Commit this playlist, then publish again:"
    // Morning news (a link to the playlist); "Unpublished changes: screens do not show them until you publish"
    await shows('ready.uncommitted');

    // 8. press "Publish"
    // Arranged now for step 10: the network is down during the publish.
    await arrange('the network is down during the publish');
    await act('press "Publish"');
    // Then the screen shows: "Publish" shows a spinner; the calendar is read-only until the server answers
    // (ready.checking: nothing to wait for on screen)

    // 9. the server says every screen can play everything (the real server answers)
    // Then the screen shows: "Publish" shows a spinner; the calendar is read-only until the server answers
    // (ready.publishing: nothing to wait for on screen)

    // 10. the network is down during the publish (as arranged)
    // Then the screen shows: "Publish" is enabled again; "Unpublished changes: screens do not show them until you
    // publish"
    await shows('ready.unpublished');

    // 11. press "Publish"
    // Arranged now for step 13: the server refuses: playlist "Morning news" is not committed.
    await arrange('the server refuses: playlist "Morning news" is not committed');
    await act('press "Publish"');
    // Then the screen shows: "Publish" shows a spinner; the calendar is read-only until the server answers
    // (ready.checking: nothing to wait for on screen)

    // 12. the server says every screen can play everything (the real server answers)
    // Then the screen shows: "Publish" shows a spinner; the calendar is read-only until the server answers
    // (ready.publishing: nothing to wait for on screen)

    // 13. the server refuses: playlist "Morning news" is not committed (as arranged)
    // Then the screen shows: the message "Uncommited playlists found!" "Commit this playlist, then publish again:"
    // Morning news (a link to the playlist); "Unpublished changes: screens do not show them until you publish"
    await shows('ready.uncommitted');

    // 14. close the uncommitted-playlists message
    await act('close the uncommitted-playlists message');
    // Then the screen shows: the message closes
    await shows('ready.unpublished');
    await end();
  }, 210_000);
});
