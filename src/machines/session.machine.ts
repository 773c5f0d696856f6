import { assign, fromCallback, fromPromise, setup } from 'xstate';
import { fetchProfile, logout, obtainSecondFactor, obtainTokens, refreshTokens, type ObtainTokensResult, type SecondFactorResult } from '../services/auth.service.ts';
import { onAuthFailure, onForbidden } from '../services/http.ts';
import { userIdOf } from '../services/jwt.ts';
import type { TokenPair } from '../services/schemas/auth.ts';
import type { Profile } from '../services/schemas/users.ts';
import { tokenStore } from '../services/tokenStore.ts';

export interface SessionContext {
  user: Profile | null;
  userId: number | null;
  /** i18n key of the last sign-in failure. */
  error: string | null;
  /** The remember-me choice of the sign-in under way. */
  remember: boolean;
  /** The challenge a password sign-in answered for a user with two-factor codes, until a code spends it. */
  challenge: string | null;
}

export type SessionEvent =
  | { type: 'session.signIn'; username: string; password: string; remember?: boolean }
  /** The login screen's second step: a code of the authenticator app, or a recovery code. */
  | { type: 'session.submitCode'; code: string }
  /** "Back" on the second step: to the password form again. */
  | { type: 'session.cancelCode' }
  | { type: 'session.signOut' }
  | { type: 'session.expired' }
  | { type: 'session.reloadProfile' }
  /** A token pair was stored by anyone (the http client's refresh too): the user id follows its access token. */
  | { type: 'session.tokensStored'; access: string }
  /**
   * The server refused a call with 403 `forbidden` (the user's rights changed since the profile was read): the
   * profile is read again, and a refused write says why.
   */
  | { type: 'session.forbidden'; method: string };

export interface NotifyParams {
  intent: 'success' | 'error';
  /** i18n key, e.g. 'login.success'. */
  message: string;
}

export const SIGN_IN_SUCCESS = 'login.success';
export const SIGN_IN_ERROR = 'login.error';
export const FORBIDDEN = 'errors.forbidden';
/** The second step's refusals, under the code field (i18n keys of the login namespace). */
export const CODE_ERRORS = { invalidCode: 'login:code.wrong', rateLimited: 'login:code.rateLimited', challengeExpired: 'login:code.expired' } as const;

/**
 * The signed-in session: token check on start, sign-in, profile load, sign-out, expiry.
 * Views provide `goToLogin`, `goToStart` and `notify`; tests provide the actors.
 */
/**
 * A 403 while signed in: the rights may have changed, so the profile is read again; a refused write also says so.
 * ready and profileError answer it alike.
 */
const reloadWhenForbidden = [
  {
    guard: { type: 'refusedWrite' as const, params: ({ event }: { event: Extract<SessionEvent, { type: 'session.forbidden' }> }) => event },
    target: 'loadingProfile',
    actions: { type: 'notify' as const, params: { intent: 'error' as const, message: FORBIDDEN } },
  },
  { target: 'loadingProfile' },
];

export const sessionMachine = setup({
  types: {
    context: {} as SessionContext,
    events: {} as SessionEvent,
  },
  actors: {
    refreshTokens: fromPromise<TokenPair, { refresh: string }>(({ input }) => refreshTokens(input.refresh)),
    obtainTokens: fromPromise<ObtainTokensResult, { username: string; password: string }>(({ input }) => obtainTokens(input)),
    obtainSecondFactor: fromPromise<SecondFactorResult, { challenge: string; code: string }>(({ input }) => obtainSecondFactor(input)),
    loadProfile: fromPromise<Profile>(() => fetchProfile()),
    logout: fromPromise<void, { refresh: string | null }>(async ({ input }) => {
      if (input.refresh) await logout(input.refresh);
    }),
    /**
     * What the http client tells the session while the app runs: the 401 procedure gave up (session.expired), a
     * token pair was stored (session.tokensStored, the user id follows a refresh), a call was refused with 403.
     */
    httpClient: fromCallback<SessionEvent>(({ sendBack }) => {
      const stops = [
        onAuthFailure(() => sendBack({ type: 'session.expired' })),
        tokenStore.onTokensStored((access) => sendBack({ type: 'session.tokensStored', access })),
        // Held by a company's two-factor requirement: the profile is read again (it says so, and the app takes the user
        // to enrolment); a write refused that way is not a missing right, so it is told like a read (no "forbidden" toast).
        onForbidden(({ method, code }) => sendBack({ type: 'session.forbidden', method: code === 'two_factor_required' ? 'GET' : method })),
      ];
      return () => stops.forEach((stop) => stop());
    }),
  },
  actions: {
    goToLogin: () => {},
    goToStart: () => {},
    notify: (_, _params: NotifyParams) => {},
    storeTokens: (_, params: { tokens: TokenPair; remember?: boolean }) => tokenStore.setTokens(params.tokens, params.remember),
    clearTokens: () => tokenStore.clearTokens(),
    storeRunName: (_, params: { name: string }) => tokenStore.setRunName(params.name),
    clearRunName: () => tokenStore.clearRunName(),
    setUserId: assign((_, params: { access: string | null }) => ({ userId: userIdOf(params.access) })),
    setUser: assign((_, params: { user: Profile }) => ({ user: params.user })),
    startSignIn: assign((_, params: { remember: boolean }) => ({ remember: params.remember, error: null })),
    setSignInError: assign({ error: SIGN_IN_ERROR }),
    keepChallenge: assign((_, params: { challenge: string }) => ({ challenge: params.challenge, error: null })),
    forgetChallenge: assign({ challenge: null }),
    setCodeError: assign((_, params: { error: string }) => ({ error: params.error })),
    clearError: assign({ error: null }),
    resetUser: assign({ user: null, userId: null }),
  },
  guards: {
    hasAccessToken: () => tokenStore.getAccess() !== null,
    hasRefreshToken: () => tokenStore.getRefresh() !== null,
    signInAccepted: (_, params: { result: ObtainTokensResult | SecondFactorResult }) => params.result.ok === true,
    secondFactorAsked: (_, params: { result: ObtainTokensResult }) => params.result.ok === 'challenge',
    challengeExpired: (_, params: { result: SecondFactorResult }) => !params.result.ok && params.result.reason === 'challengeExpired',
    /** A refused write (anything but a GET) says why in a toast; a refused read only reloads the profile. */
    refusedWrite: (_, params: { method: string }) => params.method.toUpperCase() !== 'GET',
  },
}).createMachine({
  id: 'session',
  context: { user: null, userId: null, error: null, remember: true, challenge: null },
  initial: 'checking',
  // Registering the listeners cannot fail; the session goes on without them if it ever did.
  invoke: { id: 'httpClient', src: 'httpClient', onError: {} },
  on: {
    'session.forbidden': {
      guard: { type: 'refusedWrite', params: ({ event }) => event },
      actions: { type: 'notify', params: { intent: 'error', message: FORBIDDEN } },
    },
  },
  states: {
    checking: {
      tags: ['busy'],
      always: [
        {
          guard: 'hasAccessToken',
          target: 'signedIn',
          actions: { type: 'setUserId', params: () => ({ access: tokenStore.getAccess() }) },
        },
        { guard: 'hasRefreshToken', target: 'refreshing' },
        { target: 'signedOut' },
      ],
    },
    refreshing: {
      tags: ['busy'],
      invoke: {
        id: 'refreshTokens',
        src: 'refreshTokens',
        input: () => ({ refresh: tokenStore.getRefresh() ?? '' }),
        onDone: {
          target: 'signedIn',
          actions: [
            { type: 'storeTokens', params: ({ event }) => ({ tokens: event.output }) },
            { type: 'setUserId', params: ({ event }) => ({ access: event.output.access }) },
          ],
        },
        onError: { target: 'signedOut', actions: ['clearTokens', 'goToLogin'] },
      },
    },
    signedOut: {
      initial: 'idle',
      states: {
        idle: {},
        /** The logout call failed; the local session is gone all the same. */
        logoutFailed: {},
      },
      on: {
        'session.signIn': {
          target: 'signingIn',
          actions: { type: 'startSignIn', params: ({ event }) => ({ remember: event.remember ?? true }) },
        },
      },
    },
    signingIn: {
      tags: ['busy'],
      invoke: {
        id: 'obtainTokens',
        src: 'obtainTokens',
        input: ({ event }) => {
          const { username, password } = event as Extract<SessionEvent, { type: 'session.signIn' }>;
          return { username, password };
        },
        onDone: [
          {
            guard: { type: 'signInAccepted', params: ({ event }) => ({ result: event.output }) },
            target: 'signedIn',
            actions: [
              {
                type: 'storeTokens',
                params: ({ event, context }) => ({ tokens: acceptedTokens(event.output), remember: context.remember }),
              },
              { type: 'setUserId', params: ({ event }) => ({ access: acceptedTokens(event.output).access }) },
              { type: 'notify', params: { intent: 'success', message: SIGN_IN_SUCCESS } },
              'goToStart',
            ],
          },
          {
            guard: { type: 'secondFactorAsked', params: ({ event }) => ({ result: event.output }) },
            target: 'secondFactor',
            actions: { type: 'keepChallenge', params: ({ event }) => ({ challenge: challengeOf(event.output) }) },
          },
          {
            target: 'signedOut',
            actions: ['setSignInError', { type: 'notify', params: { intent: 'error', message: SIGN_IN_ERROR } }],
          },
        ],
        onError: {
          target: 'signedOut',
          actions: ['setSignInError', { type: 'notify', params: { intent: 'error', message: SIGN_IN_ERROR } }],
        },
      },
    },
    /** Two-factor codes: the password was right; a code of the user's app (or a recovery code) completes the sign-in. */
    secondFactor: {
      on: {
        'session.submitCode': { target: 'verifyingCode', actions: 'clearError' },
        'session.cancelCode': { target: 'signedOut', actions: ['forgetChallenge', 'clearError'] },
      },
    },
    verifyingCode: {
      tags: ['busy'],
      invoke: {
        id: 'obtainSecondFactor',
        src: 'obtainSecondFactor',
        input: ({ context, event }) => ({ challenge: context.challenge ?? '', code: (event as Extract<SessionEvent, { type: 'session.submitCode' }>).code }),
        onDone: [
          {
            guard: { type: 'signInAccepted', params: ({ event }) => ({ result: event.output }) },
            target: 'signedIn',
            actions: [
              'forgetChallenge',
              {
                type: 'storeTokens',
                params: ({ event, context }) => ({ tokens: acceptedTokens(event.output), remember: context.remember }),
              },
              { type: 'setUserId', params: ({ event }) => ({ access: acceptedTokens(event.output).access }) },
              { type: 'notify', params: { intent: 'success', message: SIGN_IN_SUCCESS } },
              'goToStart',
            ],
          },
          // The challenge expired or was spent: the password form again, saying why.
          {
            guard: { type: 'challengeExpired', params: ({ event }) => ({ result: event.output }) },
            target: 'signedOut',
            actions: ['forgetChallenge', { type: 'setCodeError', params: { error: CODE_ERRORS.challengeExpired } }],
          },
          {
            target: 'secondFactor',
            actions: { type: 'setCodeError', params: ({ event }) => ({ error: codeErrorOf(event.output) }) },
          },
        ],
        onError: {
          target: 'secondFactor',
          actions: ['setSignInError', { type: 'notify', params: { intent: 'error', message: SIGN_IN_ERROR } }],
        },
      },
    },
    signedIn: {
      tags: ['authenticated'],
      initial: 'loadingProfile',
      states: {
        loadingProfile: {
          invoke: {
            id: 'loadProfile',
            src: 'loadProfile',
            onDone: {
              target: 'ready',
              actions: [
                { type: 'setUser', params: ({ event }) => ({ user: event.output }) },
                { type: 'storeRunName', params: ({ event }) => ({ name: event.output.username }) },
              ],
            },
            onError: { target: 'profileError' },
          },
        },
        ready: {
          on: {
            'session.forbidden': reloadWhenForbidden,
          },
        },
        profileError: {
          on: {
            'session.forbidden': reloadWhenForbidden,
          },
        },
      },
      on: {
        'session.signOut': { target: 'signingOut' },
        'session.expired': { target: 'signedOut', actions: ['clearTokens', 'resetUser', 'goToLogin'] },
        'session.reloadProfile': { target: '.loadingProfile', reenter: true },
        'session.tokensStored': { actions: { type: 'setUserId', params: ({ event }) => ({ access: event.access }) } },
      },
    },
    signingOut: {
      tags: ['busy'],
      invoke: {
        id: 'logout',
        src: 'logout',
        input: () => ({ refresh: tokenStore.getRefresh() }),
        onDone: { target: 'signedOut', actions: ['clearTokens', 'clearRunName', 'resetUser', 'goToLogin'] },
        onError: { target: 'signedOut.logoutFailed', actions: ['clearTokens', 'clearRunName', 'resetUser', 'goToLogin'] },
      },
    },
  },
});

function acceptedTokens(result: ObtainTokensResult | SecondFactorResult): TokenPair {
  if (result.ok !== true) throw new Error('sign-in result was refused');
  return result.tokens;
}

function challengeOf(result: ObtainTokensResult): string {
  return result.ok === 'challenge' ? result.challenge : '';
}

function codeErrorOf(result: SecondFactorResult): string {
  return result.ok ? SIGN_IN_ERROR : CODE_ERRORS[result.reason];
}

export type SessionMachine = typeof sessionMachine;
