// The signed-in session: the QA paths of the session machine in Chromium, against the real app and server.
// Written by `npm run qa:export -- session` from the catalogue tests/model/session.qa.ts (the paths, the state each
// step reaches) and the adapter tests/e2e/paths/session.adapter.ts (each step's user action, the outcomes arranged on
// the network, what each state looks like on screen). Change those and export again: tests/model/export.test.ts fails
// while this file is not what the export writes.
// Run it: npm run build && npx vitest run --project e2e tests/e2e/exported- -t 'session in the browser'
import { describe, it } from 'vitest';
import { sessionAdapter } from '../paths/session.adapter.ts';
import { browserSuite } from '../paths/suite.ts';

const suite = browserSuite(sessionAdapter);

describe('session in the browser', () => {
  it('path 1 from no tokens stored: 13 steps', async () => {
    const { start, act, arrange, shows, end } = await suite.path();
    // Start: no tokens stored. As nobody (a fresh private window), /login; the administrator admin and its password.
    await start('no tokens stored');
    await shows('signedOut.idle');

    // 1. sign in as admin with the right password, remember me
    await act('sign in as admin with the right password, remember me');
    // Then the screen shows: "Sign in" is disabled and shows a spinner
    // (signingIn: nothing to wait for on screen)

    // 2. the server accepts the sign-in (the real server answers)
    await shows('signedIn.loadingProfile');

    // 3. the profile of admin arrives (the real server answers)
    // Then the screen shows: the top bar shows the name "admin" beside the "User menu"
    await shows('signedIn.ready');

    // 4. sign out
    await act('sign out');
    // Then the screen shows: the page stays while the server ends the session; the "User menu" button is disabled
    // (signingOut: nothing to wait for on screen)

    // 5. the server ends the session (the real server answers)
    await shows('signedOut.idle');

    // 6. sign in as admin, do not remember me
    // Arranged now for step 7: the server refuses the password.
    await arrange('the server refuses the password');
    await act('sign in as admin, do not remember me');
    // Then the screen shows: "Sign in" is disabled and shows a spinner
    // (signingIn: nothing to wait for on screen)

    // 7. the server refuses the password (as arranged)
    await shows('signedOut.idle');

    // 8. sign in as admin with the right password, remember me
    // Arranged now for step 9: the network is down during sign-in.
    await arrange('the network is down during sign-in');
    await act('sign in as admin with the right password, remember me');
    // Then the screen shows: "Sign in" is disabled and shows a spinner
    // (signingIn: nothing to wait for on screen)

    // 9. the network is down during sign-in (as arranged)
    await shows('signedOut.idle');

    // 10. sign in as admin with the right password, remember me
    // Arranged now for step 12: the profile fails to load (500).
    await arrange('the profile fails to load (500)');
    await act('sign in as admin with the right password, remember me');
    // Then the screen shows: "Sign in" is disabled and shows a spinner
    // (signingIn: nothing to wait for on screen)

    // 11. the server accepts the sign-in (the real server answers)
    await shows('signedIn.loadingProfile');

    // 12. the profile fails to load (500) (as arranged)
    // Then the screen shows: the top bar shows "unknown name" beside the "User menu"; /profile reads "Cannot load
    // your profile." with "Retry"
    await shows('signedIn.profileError');

    // 13. the session expires (a call answers 401 after refresh)
    await act('the session expires (a call answers 401 after refresh)');
    await shows('signedOut.idle');
    await end();
  }, 195_000);

  it('path 2 from an access token stored: 3 steps', async () => {
    const { start, act, arrange, shows, end } = await suite.path();
    // Start: an access token stored. As admin, with "Remember me" (close the tab and open /devices again), /devices.
    await start('an access token stored');
    await shows('signedIn.loadingProfile');

    // 1. a call's 401 refresh stores a new token pair of admin
    await act("a call's 401 refresh stores a new token pair of admin");

    // 2. sign out
    // Arranged now for step 3: the network is down during sign-out.
    await arrange('the network is down during sign-out');
    await act('sign out');
    // Then the screen shows: the page stays while the server ends the session; the "User menu" button is disabled
    // (signingOut: nothing to wait for on screen)

    // 3. the network is down during sign-out (as arranged)
    await shows('signedOut.logoutFailed');
    await end();
  });

  it('path 3 from a broken access token and a refresh token stored: 0 steps', async () => {
    const { start, shows, end } = await suite.path();
    // Start: a broken access token and a refresh token stored. As admin, with "Remember me"; then, in the devtools,
    // set localStorage "access" to not-a-jwt and reload, /devices.
    await start('a broken access token and a refresh token stored');
    await shows('signedIn.loadingProfile');
    await end();
  });

  it('path 4 from only a refresh token stored: 1 step', async () => {
    const { start, shows, end } = await suite.path();
    // Start: only a refresh token stored. As admin, with "Remember me"; then, in the devtools, remove localStorage
    // "access" and reload, /devices.
    await start('only a refresh token stored');
    // (refreshing: nothing to wait for on screen)

    // 1. the server refreshes the stored token (the real server answers)
    // Then the screen shows: the spinner gives way to the devices page
    await shows('signedIn.loadingProfile');
    await end();
  });

  it('path 5 from only a refresh token stored: 1 step', async () => {
    const { start, arrange, shows, end } = await suite.path();
    // Start: only a refresh token stored. As admin, with "Remember me"; then, in the devtools, remove localStorage
    // "access" and reload, /devices.
    // Arranged now for step 1: the server refuses the stored refresh token.
    await arrange('the server refuses the stored refresh token');
    await start('only a refresh token stored');
    // (refreshing: nothing to wait for on screen)

    // 1. the server refuses the stored refresh token (as arranged)
    await shows('signedOut.idle');
    await end();
  });
});
