// Model-based tests with xstate/graph (`@xstate/test` is deprecated). createTestModel rejects machines with
// invoke, so the paths come from the production machine and each one is executed on a real actor whose
// invoked services are settled by the path's own done/error steps.
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { SnapshotFrom } from 'xstate';
import { getShortestPaths, getSimplePaths } from 'xstate/graph';
import { sessionMachine, type NotifyParams, type SessionEvent } from '../../src/machines/session.machine.ts';
import type { Profile } from '../../src/services/schemas/users.ts';
import { tokenStore } from '../../src/services/tokenStore.ts';
import { controlledActors, describePath, executePath } from './executePath.ts';

type SessionSnapshot = SnapshotFrom<typeof sessionMachine>;

function base64Url(text: string): string {
  return btoa(text).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}
const accessFor = (userId: number) =>
  `${base64Url('{"alg":"HS256"}')}.${base64Url(JSON.stringify({ user_id: userId, exp: 2e9, iat: 1e9, token_type: 'access' }))}.sig`;

const admin: Profile = { id: 1, username: 'admin', is_active: true, is_admin: true, date_joined: '2024-01-01T00:00:00.000Z' };
const ACCESS = accessFor(1);

/** The events explored: user events plus every outcome of every invoked service. */
const events = [
  { type: 'session.signIn', username: 'admin', password: 'secret', remember: true },
  { type: 'session.signIn', username: 'admin', password: 'secret', remember: false },
  { type: 'session.signOut' },
  { type: 'session.expired' },
  { type: 'session.reloadProfile' },
  { type: 'xstate.done.actor.obtainTokens', output: { ok: true, tokens: { access: ACCESS, refresh: 'R-new' } } },
  { type: 'xstate.done.actor.obtainTokens', output: { ok: false, reason: 'invalidCredentials' } },
  { type: 'xstate.error.actor.obtainTokens', error: 'network_error' },
  { type: 'xstate.done.actor.refreshTokens', output: { access: ACCESS, refresh: 'R-rotated' } },
  { type: 'xstate.error.actor.refreshTokens', error: 'token_not_valid' },
  { type: 'xstate.done.actor.loadProfile', output: admin },
  { type: 'xstate.error.actor.loadProfile', error: 'server_error' },
  { type: 'xstate.done.actor.logout', output: undefined },
  { type: 'xstate.error.actor.logout', error: 'network_error' },
] as unknown as SessionEvent[];

/** Simple paths explode with every context variant; remember-me=false is covered by the shortest paths. */
const simpleEvents = events.filter((event) => !(event.type === 'session.signIn' && event.remember === false));

const STORED_SESSIONS = {
  'no tokens': () => {},
  'an access token': () => tokenStore.setTokens({ access: ACCESS, refresh: 'R-stored' }),
  'only a refresh token': () => localStorage.setItem('refresh', 'R-stored'),
} as const;

function machineWithFakes() {
  const controlled = controlledActors(['refreshTokens', 'obtainTokens', 'loadProfile', 'logout'] as const);
  const calls = { goToLogin: vi.fn(), goToStart: vi.fn(), notify: vi.fn<(params: NotifyParams) => void>() };
  const machine = sessionMachine.provide({
    actors: controlled.actors,
    actions: { goToLogin: calls.goToLogin, goToStart: calls.goToStart, notify: (_, params) => calls.notify(params) },
  });
  return { machine, calls, settle: controlled.settle };
}

/** What must hold in every state the machine reaches, whatever the path. */
function sessionInvariant(snapshot: SessionSnapshot) {
  if (snapshot.matches('signedIn')) {
    expect(tokenStore.getAccess(), 'signed in keeps an access token').not.toBeNull();
    expect(snapshot.context.userId).toBe(1);
  }
  if (snapshot.matches('signedOut')) {
    expect([snapshot.context.user, snapshot.context.userId]).toEqual([null, null]);
    // Whatever the route into it, signed out leaves no token behind.
    expect([tokenStore.getAccess(), tokenStore.getRefresh()]).toEqual([null, null]);
  }
  if (snapshot.matches({ signedIn: 'ready' })) expect(tokenStore.getRunName()).toBe('admin');
  const busyStates = ['checking', 'refreshing', 'signingIn', 'signingOut'] as const;
  expect(snapshot.hasTag('busy')).toBe(busyStates.some((state) => snapshot.matches(state)));
  expect(snapshot.hasTag('authenticated')).toBe(snapshot.matches('signedIn'));
}

function reset() {
  localStorage.clear();
  sessionStorage.clear();
}

beforeEach(reset);

for (const [stored, prepare] of Object.entries(STORED_SESSIONS)) {
  describe(`session model, starting with ${stored}`, () => {
    // The `checking` guards read the token store, so the traversal sees the same storage as the execution.
    reset();
    prepare();
    const { machine } = machineWithFakes();
    const shortest = getShortestPaths(machine, { events });
    const simple = getSimplePaths(machine, { events: simpleEvents });
    reset();

    it('reaches every state node of the machine it can reach from this start', () => {
      const reached = new Set(shortest.map((path) => JSON.stringify(path.state.value)));
      expect(reached.size).toBeGreaterThan(1);
      const expectedValues: Record<string, unknown[]> = {
        'no tokens': [{ signedOut: 'idle' }, 'signingIn', { signedIn: 'loadingProfile' }, { signedIn: 'ready' }, { signedIn: 'profileError' }, 'signingOut', { signedOut: 'logoutFailed' }],
        'an access token': [{ signedIn: 'loadingProfile' }, { signedIn: 'ready' }, { signedIn: 'profileError' }, 'signingOut', { signedOut: 'idle' }, { signedOut: 'logoutFailed' }, 'signingIn'],
        'only a refresh token': ['refreshing', { signedIn: 'loadingProfile' }, { signedIn: 'ready' }, { signedIn: 'profileError' }, 'signingOut', { signedOut: 'idle' }, { signedOut: 'logoutFailed' }, 'signingIn'],
      };
      for (const value of expectedValues[stored]!) expect(reached, JSON.stringify(value)).toContain(JSON.stringify(value));
    });

    describe('shortest paths', () => {
      it.each(shortest.map((path) => [describePath(path), path] as const))('%s', async (_name, path) => {
        prepare();
        const { machine: fresh, settle } = machineWithFakes();
        await executePath(fresh, path, settle, sessionInvariant);
      });
    });

    describe('simple paths', () => {
      it.each(simple.map((path) => [describePath(path), path] as const))('%s', async (_name, path) => {
        prepare();
        const { machine: fresh, calls, settle } = machineWithFakes();
        await executePath(fresh, path, settle, sessionInvariant);
        // Every transition into signedOut after a session existed went to login exactly once per arrival.
        const types = path.steps.map((step) => step.event.type as string);
        const toLogin = ['xstate.error.actor.refreshTokens', 'session.expired', 'xstate.done.actor.logout', 'xstate.error.actor.logout'];
        const logins = path.steps.filter((step, index) => index > 0 && toLogin.includes(types[index]!) && step.state.matches('signedOut')).length;
        expect(calls.goToLogin).toHaveBeenCalledTimes(logins);
        const signIns = path.steps.filter(
          (step, index) => types[index] === 'xstate.done.actor.obtainTokens' && step.state.matches('signedIn'),
        ).length;
        expect(calls.goToStart).toHaveBeenCalledTimes(signIns);
      });
    });
  });
}
