// The specification's rules and messages that the machines carry (docs: /work/shared/spec/signage-panel-spec.md,
// sections 4, 5 and 8), each with an id and the spec's own words. Catalogue expectations name the ids they check
// (`req: ['S4.8-1']`); `npm run qa:requirements` lists every requirement with the paths and steps that check it
// (docs/qa/REQUIREMENTS.md) and the gate fails on a requirement no path checks. A rule a machine does not carry
// (it lives in a service or a view) says where it is checked instead, in `outside`: a test file and why.

export interface Requirement {
  id: string;
  /** The spec's section heading. */
  section: string;
  /** The spec's own words. */
  words: string;
  /** Not carried by a machine: the test file that checks it and why no machine carries it. */
  outside?: { test: string; why: string };
}

const section = (name: string, rules: Array<[string, string] | [string, string, Requirement['outside']]>): Requirement[] =>
  rules.map(([id, words, outside]) => ({ id, section: name, words, ...(outside ? { outside } : {}) }));

export const REQUIREMENTS: Requirement[] = [
  ...section('4. States and transitions: Fetch status', [
    ['S4.1-1', 'The first load goes to loading.'],
    ['S4.1-2', 'A reload after completion goes to updating.'],
    ['S4.1-3', 'Success goes to complete.'],
    ['S4.1-4', 'Failure goes to error.'],
  ]),
  ...section('4. States and transitions: Device statistics', [
    ['S4.2-1', 'Adding a device raises active by one.'],
    ['S4.2-2', 'Activating raises active by one and lowers deactive by one.'],
    ['S4.2-3', 'Deactivating does the reverse.'],
    ['S4.2-4', 'Activation is switched by the change-active call.'],
  ]),
  ...section('4. States and transitions', [
    ['S4.3-1', 'Playlist: uncommitted to committed through Commit.'],
    ['S4.4-1', 'Media: processing, then ready to play, then playing.'],
    ['S4.5-1', 'Company: active or deactivated, and video upload active or deactivated, independently.'],
    ['S4.6-1', 'Campaign events: published or unpublished.'],
    ['S4.7-1', 'Device status: online, offline, disabled.'],
  ]),
  ...section('4. States and transitions: Sign-in', [
    ['S4.8-1', 'On success: store the refresh and access tokens, load the user, and show "Successfully login".'],
    ['S4.8-2', 'On failure: show "Error, try again".'],
  ]),
  ...section('4. States and transitions: Sign-out', [
    ['S4.9-1', 'Call the logout endpoint with the stored refresh token.'],
    ['S4.9-2', 'Remove the access and refresh tokens and the run flag.'],
    ['S4.9-3', 'Reset the user state, with the user fetch status back to initial (error if this fails).'],
    ['S4.9-4', 'Go to /login.'],
  ]),
  ...section('4. States and transitions: Route guard', [
    ['S4.10-1', 'With an access token, the page renders.'],
    ['S4.10-2', 'With only a refresh token, request a new access token and store the new access and refresh tokens. If that fails, remove both and go to /login.'],
    ['S4.10-3', 'With neither token, redirect to /login.'],
  ]),
  ...section('4. States and transitions: Session, drawer, theme', [
    ['S4.11-1', 'Session: signed in while the tokens exist.'],
    ['S4.12-1', 'Mobile drawer: toggles open or closed.'],
    ['S4.13-1', 'Theme: switchable among the six named themes through a theme-set action.'],
  ]),
  ...section('5. Validation rules', [
    ['S5-1', 'Login: username and password are both required.', { test: 'src/views/login/LoginScreen.test.tsx', why: 'the login form keeps "Sign in" disabled while a field is empty: the session machine never hears of an empty sign-in' }],
    ['S5-2', 'Campaign name is required ("Name is required!").'],
    ['S5-3', 'Playlist name is required ("Name is required") and at most 30 characters.'],
    ['S5-4', 'A navigation object name must be unique ("Object with this name already exists").'],
    ['S5-5', 'An event requires at least one device, a media item or playlist, and a title.'],
    ['S5-6', 'A weekly repeat needs at least 1 day per week.', { test: 'src/machines/scheduler/eventForm.machine.test.ts', why: 'the event form\'s rules are one function of the machine (eventFieldErrors), unit-tested per field; its catalogue sends one refused change (no device, S5-5)' }],
    ['S5-7', 'A campaign with devices cannot change its screen position.'],
    ['S5-8', 'A playlist with media cannot change its screen position.'],
    ['S5-9', 'Device and campaign screen position must match.'],
    ['S5-10', 'Statistics require a date and a campaign.'],
    ['S5-11', 'The content format must be valid.'],
    ['S5-12', 'Maximum media file size is 262144000 bytes (250 MB).'],
    ['S5-13', 'Maximum navigation file size is 26214400 bytes (25 MB).'],
    ['S5-14', 'A token that cannot be parsed raises "Invalid token specified: " followed by the parse message.', { test: 'src/services/jwt.test.ts', why: 'the token is parsed by services/jwt.ts; the session machine only reads no user from a broken token (checked on its page)' }],
  ]),
  ...section('8. The error catalogue: Authorization failures (HTTP 401)', [
    ['S8.1-1', 'On the first 401, remove the stored access token.'],
    ['S8.1-2', 'If no refresh token exists, go to the login page.'],
    ['S8.1-3', 'Otherwise request one token refresh, shared among concurrent failures. Store the new access and refresh tokens and retry the original request.'],
    ['S8.1-4', 'If the refresh fails, clear both tokens and go to login.'],
    ['S8.1-5', 'A second 401 in that state logs out with the refresh token and goes to login.'],
    ['S8.1-6', 'Other errors are passed on to callers.', { test: 'src/services/http.test.ts', why: 'the http client passes them on; the 401 machine (authRenewal) only hears of 401s' }],
    ['S8.1-7', 'A failed profile or statistics load sets the fetch status to error.'],
  ]),
  ...section('8. The error catalogue: Messages', [
    ['S8.2-1', 'Login: "Error, try again" and "Successfully login".'],
    ['S8.2-2', 'Chunk load: "Loading chunk failed", or its style-sheet equivalent with the code CSS_CHUNK_LOAD_FAILED.', { test: 'src/views/app/Shell.test.tsx', why: 'the app shell loads the chunks, before any machine runs' }],
    ['S8.2-3', 'Token: "Invalid token specified: {message}".', { test: 'src/services/jwt.test.ts', why: 'services/jwt.ts raises it' }],
    ['S8.2-4', 'Theme: "The theme {name} is not valid" (logged as a warning).'],
    ['S8.2-5', 'Device already exist'],
    ['S8.2-6', 'Device is ready / not ready'],
    ['S8.2-7', 'Campaign updated! / Error while updating'],
    ['S8.2-8', 'Config updated!'],
    ['S8.2-9', 'Device selection is required'],
    ['S8.2-10', 'Error while loading available devices'],
    ['S8.2-11', 'Device and campaing screen position mismatch'],
    ['S8.2-12', "file devices were not involved / All file devices were involved / Your XLSX file didn't match any device"],
    ['S8.2-13', 'You must select media or playlist / You must select event title', { test: 'src/machines/scheduler/eventForm.machine.test.ts', why: 'the event form\'s rules are one function of the machine (eventFieldErrors), unit-tested per field; its catalogue sends one refused change (no device, S5-5)' }],
    ['S8.2-14', 'Error while creating/editing event'],
    ['S8.2-15', 'Uncommited playlists found!'],
    ['S8.2-16', 'Playlist updated! / already up to date / updating error'],
    ['S8.2-17', 'Invalid content format!'],
    ['S8.2-18', 'Successfully added / Error while adding'],
    ['S8.2-19', 'Successfully removed / Error while removing'],
    ['S8.2-20', 'Oops! Saving error!'],
    ['S8.2-21', 'Media: Error while loading media files; Error while editing media.'],
    ['S8.2-22', 'Statistics: This entity already in compare; Error while getting statistics; Error generating the file, try again.'],
    ['S8.2-23', 'Delete confirmation: "Are you sure you want to delete? The delete operation cannot be undone!"'],
  ]),
];
