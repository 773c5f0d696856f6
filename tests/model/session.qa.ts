import { sessionMachine } from '../../src/machines/session.machine.ts';
import { englishText } from './qa/screen.ts';
import { selectCodeAsked, selectIsBusy, selectIsSignedIn, selectLoginError, selectUserId, selectUserStatus } from '../../src/machines/session.selectors.ts';
import type { Profile } from '../../src/services/schemas/users.ts';
import { tokenStore } from '../../src/services/tokenStore.ts';
import { defineQa, done, error } from './qa/catalogue.ts';
import { text } from './qa/screen.ts';

/**
 * Spec 8, "Login": the toasts say "Successfully login" and "Error, try again" (their keys in locales/common.json, checked
 * against the spec's words here, never read from the product's code); a refused write says the forbidden error.
 */
const SIGN_IN_SUCCESS = 'login.success';
const SIGN_IN_ERROR = 'login.error';
const FORBIDDEN = 'errors.forbidden';
for (const [key, words] of [[SIGN_IN_SUCCESS, 'Successfully login'], [SIGN_IN_ERROR, 'Error, try again']] as const) {
  if (englishText(key) !== words) throw new Error(`locales/en/common.json ${key} reads "${englishText(key)}", the spec says "${words}"`);
}

const base64Url = (text: string) => btoa(text).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
const ACCESS = `${base64Url('{"alg":"HS256"}')}.${base64Url(JSON.stringify({ user_id: 1, exp: 2e9, iat: 1e9, token_type: 'access' }))}.sig`;
const admin: Profile = { id: 1, username: 'admin', is_active: true, is_admin: true, date_joined: '2024-01-01T00:00:00.000Z' };

const SIGN_IN = 'sign in as admin with the right password, remember me';
const SIGN_IN_ONCE = 'sign in as admin, do not remember me';
const SIGN_IN_EMPTY = 'sign in with an empty username and password';
const ACCEPTED = 'the server accepts the sign-in';
const REFUSED = 'the server refuses the password';
const SIGN_IN_OFFLINE = 'the network is down during sign-in';
const REFRESHED = 'the server refreshes the stored token';
const REFRESH_REFUSED = 'the server refuses the stored refresh token';
const PROFILE = 'the profile of admin arrives';
const PROFILE_FAILS = 'the profile fails to load (500)';
const RELOAD_PROFILE = 'press "Retry" on the profile';
const SIGN_OUT = 'sign out';
const LOGGED_OUT = 'the server ends the session';
const LOGOUT_FAILS = 'the network is down during sign-out';
const EXPIRED = 'the session expires (a call answers 401 after refresh)';
const TOKENS_STORED = "a call's 401 refresh stores a new token pair of admin";
const FORBIDDEN_WRITE = 'a save is refused with 403 (the rights changed meanwhile)';
const FORBIDDEN_READ = 'a list load is refused with 403 (the rights changed meanwhile)';
// Two-factor codes (issue 40): a user with them gets a second step after the password.
const CODE_ASKED = 'the server asks for a two-factor code (the user has them on)';
const SUBMIT_CODE = 'type the code 123456 and press "Verify"';
const CODE_ACCEPTED = 'the server accepts the code';
const CODE_WRONG = 'the server refuses the code (wrong or already used)';
const CODE_LIMITED = 'the server refuses the code: too many attempts';
const CODE_EXPIRED = 'the server says the sign-in expired (the challenge is older than 5 minutes or spent)';
const CODE_OFFLINE = 'the network is down while the code is checked';
const CANCEL_CODE = 'press "Back" on the code step';
const CODE_STEP = `the login screen asks for ${text('login:code.label')} with ${text('login:code.useRecovery')}, ${text('login:code.submit')} and ${text('login:code.back')}; the password form is gone`;
const noCodeStep = 'the code step is shown only after a password sign-in of a user with two-factor codes';
const forbiddenToast = `notify: {"intent":"error","message":"${FORBIDDEN}"}`;
const noCallsWhenSignedOut = {
  signedOut: 'no screen calls the API while signed out',
  signingIn: 'no screen calls the API while signing in',
  refreshing: 'no screen calls the API before the stored token is refreshed',
  signingOut: 'no screen calls the API while signing out',
};
/** The login form (src/views/login/LoginScreen.tsx) is shown only while signed out. */
const noLoginForm = {
  signingIn: `${text('login:submit')} is disabled while signing in`,
  signedIn: 'no login form is shown while signed in',
  signingOut: 'no login form is shown while signing out',
  refreshing: 'the login form is not shown yet',
};
/** The user menu of the top bar (src/views/layout/UserMenu.tsx) holds "Sign out". */
const noUserMenu = {
  signedOut: `the login screen has no ${text('layout:userMenu')}`,
  signingIn: `the login screen has no ${text('layout:userMenu')}`,
  refreshing: 'a full-page spinner shows while the stored token is refreshed',
  signingOut: `the ${text('layout:userMenu')} button is disabled while signing out`,
};
const SPINNING = `${text('login:submit')} is disabled and shows a spinner`;
const LOGIN_FORM = `the login screen ${text('login:heading')} with the fields ${text('login:username')} and ${text('login:password')}, ${text('login:remember')} ticked and ${text('login:submit')}`;
const RUN_NAME = (name: string) => `the top bar shows the name "${name}" beside the ${text('layout:userMenu')}`;
const UNKNOWN_NAME = `the top bar shows ${text('layout:unknownName')} beside the ${text('layout:userMenu')}`;
const PROFILE_FAILED = (runName: string | null) => `${runName ? RUN_NAME(runName) : UNKNOWN_NAME}; /profile reads ${text('profile:loadFailed')} with ${text('profile:retry')}`;
const PROFILE_RELOADING = `/profile shows a spinner (or the forms) instead of ${text('profile:loadFailed')}`;
const RIGHTS_READ_AGAIN = `the profile is read again: once it arrives the sidebar no longer offers the area whose rights were taken, and its page reads ${text('common:noAccess.title')}`;

function reset() {
  localStorage.clear();
  sessionStorage.clear();
}

/** Back to the sign-in page with the stored tokens cleared (the calls: the tokens dropped, the page changed). */
const toLogin = { calls: ['clearTokens', 'goToLogin'], see: { signedIn: false, access: null, refresh: null } };
/** A sign-out (answered or not) also forgets the stored run name. */
const signedOff = { ...toLogin, calls: ['clearTokens', 'clearRunName', 'goToLogin'] };

/** Spec sections 2 and 3: stored-token check, sign-in with remember-me, profile, sign-out, expiry. */
export default defineQa({
  machine: sessionMachine,
  file: 'src/machines/session.machine.ts',
  title: 'The signed-in session',
  namespace: 'login',
  preconditions: {
    'no tokens stored': { route: '/login', user: 'nobody (a fresh private window)', data: 'the administrator admin and its password' },
    'an access token stored': { route: '/devices', user: 'admin, with "Remember me" (close the tab and open /devices again)' },
    'a broken access token and a refresh token stored': { route: '/devices', user: 'admin, with "Remember me"; then, in the devtools, set localStorage "access" to not-a-jwt and reload' },
    'only a refresh token stored': { route: '/devices', user: 'admin, with "Remember me"; then, in the devtools, remove localStorage "access" and reload' },
  },
  howTo: {
    [REFUSED]: 'type a wrong password before pressing "Sign in"',
    [SIGN_IN_OFFLINE]: 'in the devtools Network tab, block the request URL /api/v1/auth/token-obtain/ before pressing "Sign in"',
    [CODE_ASKED]: 'sign in as a user who turned on two-factor codes on /profile',
    [CODE_WRONG]: 'type a code the app does not show (or the one just used)',
    [CODE_LIMITED]: 'type wrong codes until the server refuses (LOGIN_RATE_LIMIT attempts a minute)',
    [CODE_EXPIRED]: 'wait more than 5 minutes on the code step before pressing "Verify"',
    [CODE_OFFLINE]: 'in the devtools Network tab, block /api/v1/auth/token-obtain/second-factor/ before pressing "Verify"',
    [SUBMIT_CODE]: `type the code of the authenticator app into ${text('login:code.label')} and press ${text('login:code.submit')}`,
    [CANCEL_CODE]: `press ${text('login:code.back')}`,
    [REFRESH_REFUSED]: 'before reloading, set localStorage "refresh" to a token the server never issued',
    [PROFILE_FAILS]: 'in the devtools Network tab, block /api/v1/users/profile/ and reload',
    [LOGOUT_FAILS]: 'in the devtools Network tab, block /api/v1/auth/logout/ before pressing "Sign out"',
    [EXPIRED]: 'sign out in another tab (the server revokes the refresh token), set localStorage "access" to expired.access.token and press "Refresh" on the devices page',
    [TOKENS_STORED]: 'set localStorage "access" to expired.access.token and press "Refresh" on the devices page: the app refreshes the token by itself',
    [FORBIDDEN_WRITE]: 'sign in as a user with devices edit rights and open a device; as admin in another window, take the edit right away; then press "Save" on the device',
    [FORBIDDEN_READ]: 'sign in as a user with devices view rights on /devices; as admin in another window, take the view right away; then press "Refresh"',
    [SIGN_OUT]: `open the ${text('layout:userMenu')} (the person icon at the right of the top bar) and choose ${text('layout:signOut')}`,
    [SIGN_IN_ONCE]: `untick ${text('login:remember')}, type admin and its password, press ${text('login:submit')}`,
    [SIGN_IN]: `leave ${text('login:remember')} ticked, type admin and its password, press ${text('login:submit')}`,
    [RELOAD_PROFILE]: `open /profile and press ${text('profile:retry')} under ${text('profile:loadFailed')}`,
  },
  offScreen: {
    [SIGN_IN_EMPTY]: 'the login form keeps "Sign in" disabled while a field is empty; the machine never hears of it',
    [SIGN_IN]: noLoginForm,
    [SIGN_IN_ONCE]: noLoginForm,
    // /profile offers "Retry" only when the profile failed to load (src/views/profile/ProfileScreen.tsx).
    [RELOAD_PROFILE]: {
      signedOut: 'no profile page while signed out',
      signingIn: 'no profile page while signing in',
      refreshing: 'no profile page before the stored token is refreshed',
      signingOut: 'no profile page while signing out',
      'signedIn.loadingProfile': `/profile shows no ${text('profile:retry')} while the profile loads`,
      'signedIn.ready': `/profile shows ${text('profile:retry')} only when the profile failed to load`,
    },
    [SIGN_OUT]: noUserMenu,
    [EXPIRED]: noCallsWhenSignedOut,
    [TOKENS_STORED]: noCallsWhenSignedOut,
    [FORBIDDEN_WRITE]: noCallsWhenSignedOut,
    [FORBIDDEN_READ]: noCallsWhenSignedOut,
    [SUBMIT_CODE]: { '': noCodeStep, verifyingCode: `${text('login:code.submit')} is disabled while the code is checked` },
    [CANCEL_CODE]: { '': noCodeStep, verifyingCode: `${text('login:code.back')} is disabled while the code is checked` },
  },
  onScreen: { goToLogin: `the login screen ${text('login:heading')}`, goToStart: 'the devices page' },
  req: { [ACCEPTED]: ['S4.8-1', 'S8.2-1'], [REFUSED]: ['S4.8-2', 'S8.2-1'], [SIGN_IN_OFFLINE]: ['S4.8-2'], [SIGN_OUT]: ['S4.9-1'], [LOGGED_OUT]: ['S4.9-2', 'S4.9-3', 'S4.9-4'], [LOGOUT_FAILS]: ['S4.9-2', 'S4.9-3', 'S4.9-4'], [REFRESHED]: ['S4.10-2'], [REFRESH_REFUSED]: ['S4.10-2', 'S8.1-4'], [TOKENS_STORED]: ['S8.1-3'], [EXPIRED]: ['S8.1-5', 'S4.11-1'], [PROFILE_FAILS]: ['S8.1-7'], 'an access token stored': ['S4.10-1', 'S4.11-1'], 'no tokens stored': ['S4.10-3'] },
  actors: ['refreshTokens', 'obtainTokens', 'obtainSecondFactor', 'loadProfile', 'logout'],
  recorded: ['goToLogin', 'goToStart', 'notify'],
  starts: {
    'no tokens stored': reset,
    'an access token stored': () => {
      reset();
      tokenStore.setTokens({ access: ACCESS, refresh: 'R-stored' });
    },
    'a broken access token and a refresh token stored': () => {
      reset();
      tokenStore.setTokens({ access: 'not-a-jwt', refresh: 'R-stored' });
    },
    'only a refresh token stored': () => {
      reset();
      localStorage.setItem('refresh', 'R-stored');
    },
  },
  events: {
    [SIGN_IN]: { type: 'session.signIn', username: 'admin', password: 'secret', remember: true },
    [SIGN_IN_ONCE]: { type: 'session.signIn', username: 'admin', password: 'secret', remember: false },
    [SIGN_IN_EMPTY]: { type: 'session.signIn', username: '', password: '' },
    [ACCEPTED]: done('obtainTokens', { ok: true, tokens: { access: ACCESS, refresh: 'R-new' } }),
    [REFUSED]: done('obtainTokens', { ok: false, reason: 'invalidCredentials' }),
    [SIGN_IN_OFFLINE]: error('obtainTokens', new TypeError('Failed to fetch')),
    [CODE_ASKED]: done('obtainTokens', { ok: 'challenge', challenge: 'C-1' }),
    [SUBMIT_CODE]: { type: 'session.submitCode', code: '123456' },
    [CODE_ACCEPTED]: done('obtainSecondFactor', { ok: true, tokens: { access: ACCESS, refresh: 'R-code' } }),
    [CODE_WRONG]: done('obtainSecondFactor', { ok: false, reason: 'invalidCode' }),
    [CODE_LIMITED]: done('obtainSecondFactor', { ok: false, reason: 'rateLimited' }),
    [CODE_EXPIRED]: done('obtainSecondFactor', { ok: false, reason: 'challengeExpired' }),
    [CODE_OFFLINE]: error('obtainSecondFactor', new TypeError('Failed to fetch')),
    [CANCEL_CODE]: { type: 'session.cancelCode' },
    [REFRESHED]: done('refreshTokens', { access: ACCESS, refresh: 'R-rotated' }),
    [REFRESH_REFUSED]: error('refreshTokens', new Error('token_not_valid')),
    [PROFILE]: done('loadProfile', admin),
    [PROFILE_FAILS]: error('loadProfile', new Error('server_error')),
    [RELOAD_PROFILE]: { type: 'session.reloadProfile' },
    [SIGN_OUT]: { type: 'session.signOut' },
    [LOGGED_OUT]: done('logout', undefined),
    [LOGOUT_FAILS]: error('logout', new TypeError('Failed to fetch')),
    [EXPIRED]: { type: 'session.expired' },
    [TOKENS_STORED]: { type: 'session.tokensStored', access: ACCESS },
    [FORBIDDEN_WRITE]: { type: 'session.forbidden', method: 'PATCH' },
    [FORBIDDEN_READ]: { type: 'session.forbidden', method: 'GET' },
  },
  initial: {
    'no tokens stored': { to: 'signedOut.idle', see: { signedIn: false, busy: false }, screen: [LOGIN_FORM] },
    'an access token stored': { to: 'signedIn.loadingProfile', see: { signedIn: true, userId: 1, profile: 'loading' }, calls: ['loadProfile'], screen: ['the devices page, with no login screen before it'] },
    'a broken access token and a refresh token stored': {
      to: 'signedIn.loadingProfile',
      see: { signedIn: true, userId: null },
      calls: ['loadProfile'],
      screen: ['no login screen: the page shows a spinner until the profile says what the user may see'],
    },
    'only a refresh token stored': { to: 'refreshing', see: { busy: true, signedIn: false }, calls: ['refreshTokens: {"refresh":"R-stored"}'], screen: ['a full-page spinner while the stored token is refreshed'] },
  },
  expect: {
    // A refused write says why wherever the session is; a refused read says nothing.
    '': {
      [FORBIDDEN_WRITE]: { calls: [forbiddenToast] },
    },
    signedOut: {
      [SIGN_IN]: { to: 'signingIn', see: { busy: true, loginError: null }, calls: ['obtainTokens: {"username":"admin","password":"secret"}'], screen: [SPINNING] },
      [SIGN_IN_ONCE]: { to: 'signingIn', calls: ['obtainTokens: {"username":"admin","password":"secret"}'], screen: [SPINNING] },
      [SIGN_IN_EMPTY]: { to: 'signingIn', calls: ['obtainTokens: {"username":"","password":""}'] },
    },
    refreshing: {
      [REFRESHED]: { to: 'signedIn.loadingProfile', see: { signedIn: true, userId: 1, access: ACCESS, refresh: 'R-rotated' }, calls: [`storeTokens: ${JSON.stringify({ tokens: { access: ACCESS, refresh: 'R-rotated' } })}`, 'loadProfile'], screen: ['the spinner gives way to the devices page'] },
      [REFRESH_REFUSED]: { to: 'signedOut.idle', ...toLogin },
    },
    signingIn: {
      [ACCEPTED]: (context: { remember: boolean }) => ({
        to: 'signedIn.loadingProfile',
        see: { signedIn: true, userId: 1, access: ACCESS, refresh: 'R-new', remembered: context.remember },
        calls: [`storeTokens: ${JSON.stringify({ tokens: { access: ACCESS, refresh: 'R-new' }, remember: context.remember })}`, `notify: {"intent":"success","message":"${SIGN_IN_SUCCESS}"}`, 'goToStart', 'loadProfile'],
      }),
      [REFUSED]: { to: 'signedOut.idle', see: { loginError: SIGN_IN_ERROR, access: null }, calls: [`notify: {"intent":"error","message":"${SIGN_IN_ERROR}"}`] },
      [SIGN_IN_OFFLINE]: { to: 'signedOut.idle', see: { loginError: SIGN_IN_ERROR }, calls: [`notify: {"intent":"error","message":"${SIGN_IN_ERROR}"}`] },
      [CODE_ASKED]: { to: 'secondFactor', see: { signedIn: false, busy: false, codeAsked: true, challenge: 'C-1', loginError: null, access: null }, screen: [CODE_STEP] },
    },
    secondFactor: {
      [SUBMIT_CODE]: { to: 'verifyingCode', see: { busy: true, codeAsked: true, loginError: null }, calls: ['obtainSecondFactor: {"challenge":"C-1","code":"123456"}'], screen: [`${text('login:code.submit')} is disabled and shows a spinner`] },
      [CANCEL_CODE]: { to: 'signedOut.idle', see: { codeAsked: false, challenge: null, loginError: null }, screen: [`${LOGIN_FORM}, with what was typed`] },
    },
    verifyingCode: {
      [CODE_ACCEPTED]: (context: { remember: boolean }) => ({
        to: 'signedIn.loadingProfile',
        see: { signedIn: true, userId: 1, access: ACCESS, refresh: 'R-code', challenge: null, remembered: context.remember },
        calls: [`storeTokens: ${JSON.stringify({ tokens: { access: ACCESS, refresh: 'R-code' }, remember: context.remember })}`, `notify: {"intent":"success","message":"${SIGN_IN_SUCCESS}"}`, 'goToStart', 'loadProfile'],
      }),
      [CODE_WRONG]: { to: 'secondFactor', see: { loginError: 'login:code.wrong', challenge: 'C-1', access: null }, screen: [`${text('login:code.wrong')} under the field, the code typed kept`] },
      [CODE_LIMITED]: { to: 'secondFactor', see: { loginError: 'login:code.rateLimited' }, screen: [`${text('login:code.rateLimited')} under the field`] },
      [CODE_EXPIRED]: { to: 'signedOut.idle', see: { loginError: 'login:code.expired', challenge: null, codeAsked: false }, screen: [`${LOGIN_FORM}, above it ${text('login:code.expired')}`] },
      [CODE_OFFLINE]: { to: 'secondFactor', see: { loginError: SIGN_IN_ERROR }, calls: [`notify: {"intent":"error","message":"${SIGN_IN_ERROR}"}`] },
    },
    signedIn: {
      // The sign-out call hands the server the refresh token stored at that moment.
      [SIGN_OUT]: () => ({
        to: 'signingOut',
        see: { busy: true },
        calls: [`logout: {"refresh":"${tokenStore.getRefresh()}"}`],
        screen: [`the page stays while the server ends the session; the ${text('layout:userMenu')} button is disabled`],
      }),
      [EXPIRED]: { to: 'signedOut.idle', ...toLogin },
      [RELOAD_PROFILE]: { to: 'signedIn.loadingProfile', see: { profile: 'loading' }, calls: ['loadProfile'], screen: [PROFILE_RELOADING] },
      // Spec section 2: Directory is for user_id 1 of the stored access token, whoever stored it (no reload needed).
      [TOKENS_STORED]: { see: { userId: 1 } },
    },
    // The rights changed since the profile was read: it is read again, so the screens hide what is no longer allowed.
    'signedIn.ready': {
      [FORBIDDEN_WRITE]: { to: 'signedIn.loadingProfile', see: { profile: 'loading' }, calls: [forbiddenToast, 'loadProfile'], screen: [RIGHTS_READ_AGAIN] },
      [FORBIDDEN_READ]: { to: 'signedIn.loadingProfile', see: { profile: 'loading' }, calls: ['loadProfile'], screen: [`no toast (the list shows its own load error); ${RIGHTS_READ_AGAIN}`] },
    },
    'signedIn.profileError': {
      [FORBIDDEN_WRITE]: { to: 'signedIn.loadingProfile', see: { profile: 'loading' }, calls: [forbiddenToast, 'loadProfile'], screen: [RIGHTS_READ_AGAIN] },
      [FORBIDDEN_READ]: { to: 'signedIn.loadingProfile', see: { profile: 'loading' }, calls: ['loadProfile'], screen: [`no toast (the list shows its own load error); ${RIGHTS_READ_AGAIN}`] },
    },
    'signedIn.loadingProfile': {
      [PROFILE]: { to: 'signedIn.ready', see: { profile: 'complete', runName: 'admin' }, calls: ['storeRunName: {"name":"admin"}'], screen: [RUN_NAME('admin')] },
      // The top bar keeps the name stored by an earlier profile (a reload after a rename), else "unknown name".
      [PROFILE_FAILS]: () => ({ to: 'signedIn.profileError', see: { profile: 'error' }, screen: [PROFILE_FAILED(tokenStore.getRunName())] }),
    },
    signingOut: {
      [LOGGED_OUT]: { to: 'signedOut.idle', ...signedOff, see: { ...toLogin.see, runName: null, userId: null } },
      [LOGOUT_FAILS]: { to: 'signedOut.logoutFailed', ...signedOff, see: { ...toLogin.see, runName: null, profile: 'error' } },
    },
  },
  view: (snapshot) => ({
    signedIn: selectIsSignedIn(snapshot),
    busy: selectIsBusy(snapshot),
    userId: selectUserId(snapshot),
    profile: selectUserStatus(snapshot),
    loginError: selectLoginError(snapshot),
    codeAsked: selectCodeAsked(snapshot),
    challenge: snapshot.context.challenge,
    access: tokenStore.getAccess(),
    refresh: tokenStore.getRefresh(),
    remembered: localStorage.getItem('refresh') !== null,
    runName: tokenStore.getRunName(),
  }),
  unreachable: {
    '(root) xstate.error.actor.httpClient #1': 'the httpClient listener only registers handlers with the http client and the token store; registering cannot fail',
  },
  invariant: (snapshot) => {
    // Signed out leaves no token behind, whatever the route into it.
    if (snapshot.matches('signedOut') && (tokenStore.getAccess() ?? tokenStore.getRefresh()) !== null) throw new Error('signed out with a stored token');
    // The second step stores nothing until a code is accepted, and a challenge never outlives it.
    if ((snapshot.matches('secondFactor') || snapshot.matches('verifyingCode')) && tokenStore.getAccess() !== null) throw new Error('a stored token before the code');
    if (snapshot.context.challenge !== null && !(snapshot.matches('secondFactor') || snapshot.matches('verifyingCode'))) throw new Error('a challenge kept outside the code step');
  },
  key: (snapshot) => JSON.stringify([snapshot.value, snapshot.context]),
});
