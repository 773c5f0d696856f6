import { authRenewalMachine, type AuthClient } from '../../src/machines/authRenewal.machine.ts';
import { tokenStore } from '../../src/services/tokenStore.ts';
import { defineQa, done, error } from './qa/catalogue.ts';
import { text } from './qa/screen.ts';

/** The samples never reach a server: the actors are settled by the paths. */
const client: AuthClient = () => Promise.reject(new Error('not called in the model'));

const UNAUTHORIZED = 'a call is refused with 401 (its access token expired)';
const UNAUTHORIZED_OLD = 'a call sent before the last refresh is refused with 401';
const UNAUTHORIZED_NO_REFRESH = 'a call is refused with 401 while no refresh token is stored';
const REFRESHED = 'the server refreshes the token pair';
const REFRESH_REFUSED = 'the server refuses the refresh token';
const RETRY_REFUSED = 'a call retried with the new token is refused with 401 again';
const LOGGED_OUT = 'the server ends the session';
const LOGOUT_FAILS = 'the network is down during the logout';

function reset() {
  localStorage.clear();
  sessionStorage.clear();
}

/** The session is lost: the stored tokens are cleared and the panel told. */
const lost = { to: 'idle', calls: ['clearTokens', 'sessionLost'], see: { busy: false, access: null, refresh: null } };

// The procedure has no screen of its own: a tester sees it in the devtools Network tab and in the page that called.
const REFRESHING = 'no message: the refused call waits while the Network tab shows POST /api/v1/auth/token/token-refresh/';
const RETRIED = 'the waiting call is sent again with the new token and the page shows its answer (the devices list), no message';
const RETRIED_AT_ONCE = 'no refresh in the Network tab: the call is sent again at once with the stored token and the page shows its answer';
const ENDING = 'the page stays while the Network tab shows POST /api/v1/auth/logout/';

/** Spec section 8, the 401 procedure of every API call (one refresh for all, one retry, else login). */
export default defineQa({
  machine: authRenewalMachine,
  file: 'src/machines/authRenewal.machine.ts',
  title: 'The 401 refresh-and-retry of the API calls',
  namespace: 'common',
  preconditions: {
    'signed in with "Remember me"': {
      route: '/devices',
      user: 'admin, signed in with "Remember me"',
      data: 'a company with a device; in the devtools, set localStorage "access" to expired.access.token (the server refuses it with 401)',
    },
  },
  howTo: {
    [UNAUTHORIZED]: 'press "Refresh" on the devices page: its call carries the expired access token',
    [UNAUTHORIZED_OLD]: 'with two tabs on /devices, press "Refresh" in both at once: the later 401 finds the token the earlier one refreshed',
    [UNAUTHORIZED_NO_REFRESH]: 'in the devtools, remove localStorage "refresh" too, then press "Refresh" on the devices page',
    [REFRESHED]: 'nothing to do: the stored refresh token is valid',
    [REFRESH_REFUSED]: 'before pressing "Refresh", set localStorage "refresh" to a token the server never issued',
    [RETRY_REFUSED]: 'in the devtools Network tab, answer the retried /api/v1/devices/ request with 401 (override the response)',
    [LOGGED_OUT]: 'nothing to do: the logout call goes through',
    [LOGOUT_FAILS]: 'in the devtools Network tab, block /api/v1/auth/logout/',
  },
  onScreen: { sessionLost: `the login screen ${text('login:heading')}` },
  req: {
    [UNAUTHORIZED]: ['S8.1-1', 'S8.1-3'],
    [UNAUTHORIZED_OLD]: ['S8.1-3'],
    [UNAUTHORIZED_NO_REFRESH]: ['S8.1-1', 'S8.1-2'],
    [REFRESHED]: ['S8.1-3'],
    [REFRESH_REFUSED]: ['S8.1-4'],
    [RETRY_REFUSED]: ['S8.1-5'],
    [LOGGED_OUT]: ['S8.1-5'],
    [LOGOUT_FAILS]: ['S8.1-5'],
  },
  actors: ['refreshTokens', 'logout'],
  recorded: ['sessionLost'],
  starts: {
    'signed in with "Remember me"': () => {
      reset();
      tokenStore.setTokens({ access: 'A-1', refresh: 'R-1' });
    },
  },
  events: {
    [UNAUTHORIZED]: { type: 'auth.unauthorized', refusedAccess: 'A-1', currentAccess: 'A-1', refresh: 'R-1', client },
    [UNAUTHORIZED_OLD]: { type: 'auth.unauthorized', refusedAccess: 'A-1', currentAccess: 'A-2', refresh: 'R-2', client },
    [UNAUTHORIZED_NO_REFRESH]: { type: 'auth.unauthorized', refusedAccess: 'A-1', currentAccess: 'A-1', refresh: null, client },
    [REFRESHED]: done('refreshTokens', { access: 'A-2', refresh: 'R-2' }),
    [REFRESH_REFUSED]: error('refreshTokens', new Error('token_not_valid')),
    [RETRY_REFUSED]: { type: 'auth.retryRefused', refresh: 'R-2', client },
    [LOGGED_OUT]: done('logout', undefined),
    [LOGOUT_FAILS]: error('logout', new TypeError('Failed to fetch')),
  },
  initial: { 'signed in with "Remember me"': { to: 'idle', see: { busy: false, access: 'A-1', refresh: 'R-1' } } },
  expect: {
    idle: {
      // Step 1 drops the refused access token; step 3 asks for one refresh, which every other failing call waits for.
      [UNAUTHORIZED]: { to: 'refreshing', see: { busy: true, access: null }, calls: ['dropAccess', 'refreshTokens: {"refresh":"R-1"}'], screen: [REFRESHING] },
      // Another call refreshed meanwhile: this one retries with the stored token, no second refresh.
      [UNAUTHORIZED_OLD]: { to: 'idle', see: { busy: false }, calls: [], screen: [RETRIED_AT_ONCE] },
      [UNAUTHORIZED_NO_REFRESH]: { to: 'idle', calls: ['dropAccess', 'sessionLost'], see: { busy: false, access: null } },
      [RETRY_REFUSED]: { to: 'endingSession', see: { busy: true }, calls: ['logout: {"refresh":"R-2"}'], screen: [ENDING] },
    },
    refreshing: {
      // The failed calls retry once with the new access token.
      [REFRESHED]: { to: 'idle', see: { busy: false, access: 'A-2', refresh: 'R-2' }, calls: ['storeTokens: {"tokens":{"access":"A-2","refresh":"R-2"}}'], screen: [RETRIED] },
      [REFRESH_REFUSED]: lost,
      [RETRY_REFUSED]: { to: 'endingSession', see: { busy: true }, calls: ['logout: {"refresh":"R-2"}'], screen: [ENDING] },
    },
    endingSession: {
      // Best effort: the session ends locally whatever the server answers.
      [LOGGED_OUT]: lost,
      [LOGOUT_FAILS]: lost,
    },
  },
  refused: {
    refreshing: [UNAUTHORIZED, UNAUTHORIZED_NO_REFRESH],
    endingSession: [UNAUTHORIZED, RETRY_REFUSED],
  },
  view: (snapshot) => ({
    busy: snapshot.hasTag('busy'),
    access: tokenStore.getAccess(),
    refresh: tokenStore.getRefresh(),
  }),
  invariant: (snapshot) => {
    // Nothing is left waiting on a call's client once the procedure is over.
    if (snapshot.matches('idle') && (snapshot.context.client !== null || snapshot.context.refresh !== null)) throw new Error('idle with a call kept');
  },
  key: (snapshot) => JSON.stringify([snapshot.value, snapshot.context.refresh]),
});
