import { create } from 'superstruct';
import { assign, fromPromise, setup } from 'xstate';
import { TokenPair } from '../services/schemas/auth.ts';
import { tokenStore } from '../services/tokenStore.ts';

export const REFRESH_PATH = '/auth/token/token-refresh/';
export const LOGOUT_PATH = '/auth/logout/';

/** How the machine reaches the server: the plain client (no JWT header, no 401 procedure) of the call that failed. */
export type AuthClient = (path: string, init: { method: 'POST'; body: Record<string, unknown> }) => Promise<unknown>;

export interface AuthRenewalContext {
  /** The refresh token the refresh or the logout under way sends. */
  refresh: string | null;
  /** The client of the call that started the refresh or the logout under way. */
  client: AuthClient | null;
}

export type AuthRenewalEvent =
  /**
   * A call was refused with 401. `refusedAccess` is the access token it was sent with; `currentAccess` and `refresh`
   * are what the token store holds now.
   */
  | { type: 'auth.unauthorized'; refusedAccess: string | null; currentAccess: string | null; refresh: string | null; client: AuthClient }
  /** A call retried with the refreshed access token was refused with 401 too. */
  | { type: 'auth.retryRefused'; refresh: string | null; client: AuthClient };

/**
 * Spec section 8, the 401 procedure of every API call: one refresh at a time however many calls fail together (the
 * calls wait while the machine is `busy` and retry with the stored token once it is idle again), a refused refresh
 * or a refused retry ends the session (`sessionLost`: the session machine goes to login). Calls sent with an older
 * token than the stored one just retry with it. The http client provides `sessionLost`; tests provide the actors.
 */
export const authRenewalMachine = setup({
  types: {
    context: {} as AuthRenewalContext,
    events: {} as AuthRenewalEvent,
  },
  actors: {
    refreshTokens: fromPromise<TokenPair, { refresh: string; client: AuthClient }>(async ({ input }) =>
      create(await input.client(REFRESH_PATH, { method: 'POST', body: { refresh: input.refresh } }), TokenPair),
    ),
    logout: fromPromise<void, { refresh: string | null; client: AuthClient }>(async ({ input }) => {
      if (input.refresh) await input.client(LOGOUT_PATH, { method: 'POST', body: { refresh: input.refresh } });
    }),
  },
  actions: {
    sessionLost: () => {},
    dropAccess: () => tokenStore.removeAccess(),
    storeTokens: (_, params: { tokens: TokenPair }) => tokenStore.setTokens(params.tokens),
    clearTokens: () => tokenStore.clearTokens(),
    keepCall: assign((_, params: { refresh: string | null; client: AuthClient }) => ({ refresh: params.refresh, client: params.client })),
    forgetCall: assign({ refresh: null, client: null }),
  },
  guards: {
    /** Another call refreshed while this one was on the wire: it retries with the stored token, no refresh. */
    renewedMeanwhile: (_, params: { refusedAccess: string | null; currentAccess: string | null }) =>
      params.currentAccess !== null && params.currentAccess !== params.refusedAccess,
    hasRefreshToken: (_, params: { refresh: string | null }) => params.refresh !== null,
  },
}).createMachine({
  id: 'authRenewal',
  context: { refresh: null, client: null },
  initial: 'idle',
  states: {
    idle: {
      on: {
        'auth.unauthorized': [
          { guard: { type: 'renewedMeanwhile', params: ({ event }) => event } },
          {
            guard: { type: 'hasRefreshToken', params: ({ event }) => event },
            target: 'refreshing',
            actions: ['dropAccess', { type: 'keepCall', params: ({ event }) => event }],
          },
          { actions: ['dropAccess', 'sessionLost'] },
        ],
        'auth.retryRefused': { target: 'endingSession', actions: { type: 'keepCall', params: ({ event }) => event } },
      },
    },
    refreshing: {
      tags: ['busy'],
      invoke: {
        id: 'refreshTokens',
        src: 'refreshTokens',
        input: ({ context }) => ({ refresh: context.refresh ?? '', client: context.client! }),
        onDone: { target: 'idle', actions: [{ type: 'storeTokens', params: ({ event }) => ({ tokens: event.output }) }, 'forgetCall'] },
        onError: { target: 'idle', actions: ['clearTokens', 'forgetCall', 'sessionLost'] },
      },
      on: {
        // Further 401s wait for this refresh (no handler: they change nothing). A retry refused meanwhile ends the session.
        'auth.retryRefused': { target: 'endingSession', actions: { type: 'keepCall', params: ({ event }) => event } },
      },
    },
    endingSession: {
      tags: ['busy'],
      invoke: {
        id: 'logout',
        src: 'logout',
        input: ({ context }) => ({ refresh: context.refresh, client: context.client! }),
        // Best effort: the session ends locally whatever the server answers.
        onDone: { target: 'idle', actions: ['clearTokens', 'forgetCall', 'sessionLost'] },
        onError: { target: 'idle', actions: ['clearTokens', 'forgetCall', 'sessionLost'] },
      },
    },
  },
});

export type AuthRenewalMachine = typeof authRenewalMachine;
