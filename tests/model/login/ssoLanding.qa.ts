import { ssoLandingMachine } from '../../../src/machines/login/ssoLanding.machine.ts';
import { ApiRequestError } from '../../../src/services/http.ts';
import { defineFetchQa } from '../playlists/fetchQa.ts';
import { text } from '../qa/screen.ts';

/** /login/sso (issue 40): the provider's answer lands, its one-time code is exchanged for the session, or the refusal is explained. */
export default defineFetchQa({
  machine: ssoLandingMachine,
  file: 'src/machines/login/ssoLanding.machine.ts',
  title: 'The landing of a single sign-on (/login/sso)',
  open: { words: 'come back from the provider with a code', params: { code: 'one-time' }, calls: 'load: {"params":{"code":"one-time"}}' },
  other: { words: 'come back from the provider with a refusal', params: { error: 'no_access' }, calls: 'load: {"params":{"error":"no_access"}}' },
  answer: { words: 'the server exchanges the code', data: '/devices', rows: 1 },
  failure: {
    words: 'the server refuses: the account has no mapped group (no_access)',
    error: new ApiRequestError({ status: 403, code: 'no_access', detail: 'no_access' }),
    code: 'no_access',
  },
  namespace: 'login',
  preconditions: {
    start: {
      route: '/login with single sign-on configured (OIDC_* settings)',
      user: 'anyone signed out, with an account at the identity provider',
      data: 'on /groups, "Single sign-on: provider groups", a provider group of that account mapped to a Vitrine group',
    },
  },
  howTo: {
    'come back from the provider with a code': `press ${text('login:sso.button', { name: '<provider>' })} on /login and sign in at the provider`,
    'come back from the provider with a refusal': 'sign in at the provider with an account none of whose groups is mapped on /groups',
    'the server refuses: the account has no mapped group (no_access)': 'sign in at the provider with an account none of whose groups is mapped on /groups (the server refuses before the page asks anything)',
    'the server exchanges the code': 'sign in at the provider with an account one of whose groups is mapped on /groups',
  },
  offScreen: {
    'come back from the provider with a code': {
      loading: 'the page exchanges its code once; the provider cannot answer again meanwhile',
      updating: 'the page exchanges its code once; the provider cannot answer again meanwhile',
      complete: 'once the code is exchanged the app opens where the user was going',
      error: 'a refused landing offers Try again, which starts a new sign-in at the provider (a new page)',
    },
    'come back from the provider with a refusal': {
      loading: 'the page reads its fragment once; the provider cannot answer again meanwhile',
      updating: 'the page reads its fragment once; the provider cannot answer again meanwhile',
      complete: 'once the code is exchanged the app opens where the user was going',
      error: 'a refused landing offers Try again, which starts a new sign-in at the provider (a new page)',
    },
  },
  screen: {
    loading: [`the spinner ${text('common:loading')}`],
    answer: ['the app opens at /devices (or where the user was going), signed in'],
    forbidden: [`the heading ${text('login:sso.refusedTitle')}`, `the warning ${text('login:sso.errors.no_access')}`, `the button ${text('login:sso.back')}`],
  },
});
