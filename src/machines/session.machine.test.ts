import { beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import type { ObtainTokensResult } from '../services/auth.service.ts';
import type { TokenPair } from '../services/schemas/auth.ts';
import type { Profile } from '../services/schemas/users.ts';
import { tokenStore } from '../services/tokenStore.ts';
import { sessionMachine, type NotifyParams } from './session.machine.ts';
import {
  selectCan,
  selectIsAdmin,
  selectIsBusy,
  selectIsChecking,
  selectIsSignedIn,
  selectLoginError,
  selectUser,
  selectUserId,
  selectUserStatus,
} from './session.selectors.ts';

function base64Url(text: string): string {
  return btoa(text).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

function accessFor(userId: number): string {
  return `${base64Url('{"alg":"HS256"}')}.${base64Url(JSON.stringify({ user_id: userId, exp: 2e9, iat: 1e9, token_type: 'access' }))}.sig`;
}

const admin: Profile = { id: 1, username: 'admin', is_active: true, is_admin: true, date_joined: '2024-01-01T00:00:00.000Z' };
const kiosk: Profile = { ...admin, id: 5, username: 'kiosk', is_admin: false };

interface Fakes {
  refreshTokens?: (refresh: string) => Promise<TokenPair>;
  obtainTokens?: (credentials: { username: string; password: string }) => Promise<ObtainTokensResult>;
  loadProfile?: () => Promise<Profile>;
  logout?: (refresh: string | null) => Promise<void>;
}

function start(fakes: Fakes = {}) {
  const calls = {
    goToLogin: vi.fn(),
    goToStart: vi.fn(),
    notify: vi.fn<(params: NotifyParams) => void>(),
    refreshTokens: vi.fn<(refresh: string) => void>(),
    obtainTokens: vi.fn<(credentials: { username: string; password: string }) => void>(),
    logout: vi.fn<(refresh: string | null) => void>(),
  };
  const machine = sessionMachine.provide({
    actions: {
      goToLogin: calls.goToLogin,
      goToStart: calls.goToStart,
      notify: (_, params) => calls.notify(params),
    },
    actors: {
      refreshTokens: fromPromise<TokenPair, { refresh: string }>(({ input }) => {
        calls.refreshTokens(input.refresh);
        return (fakes.refreshTokens ?? (async () => ({ access: accessFor(1), refresh: 'R2' })))(input.refresh);
      }),
      obtainTokens: fromPromise<ObtainTokensResult, { username: string; password: string }>(({ input }) => {
        calls.obtainTokens(input);
        return (fakes.obtainTokens ?? (async () => ({ ok: true, tokens: { access: accessFor(1), refresh: 'R1' } }) as const))(input);
      }),
      loadProfile: fromPromise<Profile>(() => (fakes.loadProfile ?? (async () => admin))()),
      logout: fromPromise<void, { refresh: string | null }>(({ input }) => {
        calls.logout(input.refresh);
        return (fakes.logout ?? (async () => {}))(input.refresh);
      }),
    },
  });
  const actor = createActor(machine).start();
  return { actor, calls };
}

beforeEach(() => {
  localStorage.clear();
  sessionStorage.clear();
});

describe('checking the stored session', () => {
  it('without tokens is signed out at once', () => {
    const { actor } = start();
    const snapshot = actor.getSnapshot();
    expect(snapshot.value).toEqual({ signedOut: 'idle' });
    expect([selectIsSignedIn(snapshot), selectIsChecking(snapshot), selectIsBusy(snapshot), selectUserStatus(snapshot)]).toEqual([
      false,
      false,
      false,
      'initial',
    ]);
  });

  it('with an access token is signed in and loads the profile, keeping the run name', async () => {
    tokenStore.setTokens({ access: accessFor(1), refresh: 'R1' });
    const { actor } = start();
    expect(actor.getSnapshot().value).toEqual({ signedIn: 'loadingProfile' });
    expect(selectUserStatus(actor.getSnapshot())).toBe('loading');
    const ready = await waitFor(actor, (s) => s.matches({ signedIn: 'ready' }));
    expect([selectIsSignedIn(ready), selectUserId(ready), selectIsAdmin(ready), selectUser(ready), selectUserStatus(ready)]).toEqual([
      true,
      1,
      true,
      admin,
      'complete',
    ]);
    expect(tokenStore.getRunName()).toBe('admin');
  });

  it('only user 1 is the administrator', async () => {
    tokenStore.setTokens({ access: accessFor(5), refresh: 'R1' });
    const { actor } = start({ loadProfile: async () => kiosk });
    const ready = await waitFor(actor, (s) => s.matches({ signedIn: 'ready' }));
    expect([selectUserId(ready), selectIsAdmin(ready)]).toEqual([5, false]);
  });

  it('with only a refresh token refreshes, stores the new pair and signs in', async () => {
    localStorage.setItem('refresh', 'R1');
    const { actor, calls } = start();
    expect(actor.getSnapshot().value).toBe('refreshing');
    expect([selectIsChecking(actor.getSnapshot()), selectIsBusy(actor.getSnapshot())]).toEqual([true, true]);
    const signedIn = await waitFor(actor, (s) => s.matches('signedIn'));
    expect(calls.refreshTokens.mock.calls).toEqual([['R1']]);
    expect([tokenStore.getAccess(), tokenStore.getRefresh()]).toEqual([accessFor(1), 'R2']);
    expect(selectUserId(signedIn)).toBe(1);
    expect(calls.goToLogin).not.toHaveBeenCalled();
  });

  it('when the refresh fails clears both tokens and goes to login', async () => {
    localStorage.setItem('refresh', 'R1');
    const { actor, calls } = start({ refreshTokens: () => Promise.reject(new Error('token_not_valid')) });
    await waitFor(actor, (s) => s.matches('signedOut'));
    expect([tokenStore.getAccess(), tokenStore.getRefresh()]).toEqual([null, null]);
    expect(calls.goToLogin).toHaveBeenCalledTimes(1);
  });
});

describe('signing in', () => {
  it('on success stores the tokens, notifies, goes to the start page and loads the user', async () => {
    const { actor, calls } = start();
    actor.send({ type: 'session.signIn', username: 'admin', password: 'secret', remember: true });
    expect(actor.getSnapshot().value).toBe('signingIn');
    expect(selectIsBusy(actor.getSnapshot())).toBe(true);
    const ready = await waitFor(actor, (s) => s.matches({ signedIn: 'ready' }));
    expect(calls.obtainTokens.mock.calls).toEqual([[{ username: 'admin', password: 'secret' }]]);
    expect([localStorage.getItem('access'), localStorage.getItem('refresh')]).toEqual([accessFor(1), 'R1']);
    expect(calls.notify.mock.calls).toEqual([[{ intent: 'success', message: 'login.success' }]]);
    expect(calls.goToStart).toHaveBeenCalledTimes(1);
    expect([selectUserId(ready), selectUser(ready), selectLoginError(ready)]).toEqual([1, admin, null]);
  });

  it('without remember-me keeps the tokens for the browser session only', async () => {
    const { actor } = start();
    actor.send({ type: 'session.signIn', username: 'admin', password: 'secret', remember: false });
    await waitFor(actor, (s) => s.matches('signedIn'));
    expect([sessionStorage.getItem('refresh'), localStorage.getItem('refresh')]).toEqual(['R1', null]);
  });

  it('on refused credentials notifies the error and stays signed out', async () => {
    const { actor, calls } = start({ obtainTokens: async () => ({ ok: false, reason: 'invalidCredentials' }) });
    actor.send({ type: 'session.signIn', username: 'admin', password: 'wrong' });
    const signedOut = await waitFor(actor, (s) => s.matches('signedOut'));
    expect(selectLoginError(signedOut)).toBe('login.error');
    expect(calls.notify.mock.calls).toEqual([[{ intent: 'error', message: 'login.error' }]]);
    expect([calls.goToStart.mock.calls.length, tokenStore.getAccess()]).toEqual([0, null]);
  });

  it('on a failing call notifies the error, and a new attempt clears it', async () => {
    let attempt = 0;
    const { actor, calls } = start({
      obtainTokens: async () => {
        attempt += 1;
        if (attempt === 1) throw new Error('network_error');
        return { ok: true, tokens: { access: accessFor(1), refresh: 'R1' } };
      },
    });
    actor.send({ type: 'session.signIn', username: 'admin', password: 'secret' });
    await waitFor(actor, (s) => s.matches('signedOut'));
    expect(selectLoginError(actor.getSnapshot())).toBe('login.error');
    actor.send({ type: 'session.signIn', username: 'admin', password: 'secret' });
    expect(selectLoginError(actor.getSnapshot())).toBeNull();
    await waitFor(actor, (s) => s.matches('signedIn'));
    expect(calls.notify.mock.calls).toEqual([[{ intent: 'error', message: 'login.error' }], [{ intent: 'success', message: 'login.success' }]]);
  });
});

describe('signed in', () => {
  async function signedIn(fakes: Fakes = {}) {
    tokenStore.setTokens({ access: accessFor(1), refresh: 'R1' });
    const started = start(fakes);
    await waitFor(started.actor, (s) => !s.matches({ signedIn: 'loadingProfile' }));
    return started;
  }

  it('signing out calls logout with the refresh token, clears tokens and run name, resets the user and goes to login', async () => {
    const { actor, calls } = await signedIn();
    expect(tokenStore.getRunName()).toBe('admin');
    actor.send({ type: 'session.signOut' });
    expect(actor.getSnapshot().value).toBe('signingOut');
    const out = await waitFor(actor, (s) => s.matches('signedOut'));
    expect(out.value).toEqual({ signedOut: 'idle' });
    expect(calls.logout.mock.calls).toEqual([['R1']]);
    expect([tokenStore.getAccess(), tokenStore.getRefresh(), tokenStore.getRunName()]).toEqual([null, null, null]);
    expect([selectUser(out), selectUserId(out), selectUserStatus(out)]).toEqual([null, null, 'initial']);
    expect(calls.goToLogin).toHaveBeenCalledTimes(1);
  });

  it('signing out ends the session even when logout fails, with the user status error', async () => {
    const { actor, calls } = await signedIn({ logout: () => Promise.reject(new Error('network_error')) });
    actor.send({ type: 'session.signOut' });
    const out = await waitFor(actor, (s) => s.matches('signedOut'));
    expect(out.value).toEqual({ signedOut: 'logoutFailed' });
    expect([tokenStore.getAccess(), tokenStore.getRefresh(), tokenStore.getRunName()]).toEqual([null, null, null]);
    expect(selectUserStatus(out)).toBe('error');
    expect(calls.goToLogin).toHaveBeenCalledTimes(1);
  });

  it('an expired session clears the tokens and goes to login', async () => {
    const { actor, calls } = await signedIn();
    actor.send({ type: 'session.expired' });
    expect(actor.getSnapshot().value).toEqual({ signedOut: 'idle' });
    expect([tokenStore.getAccess(), tokenStore.getRefresh(), selectUserId(actor.getSnapshot())]).toEqual([null, null, null]);
    expect(calls.goToLogin).toHaveBeenCalledTimes(1);
  });

  it('a failed profile load is the error status, and a reload recovers', async () => {
    let fail = true;
    const { actor } = await signedIn({
      loadProfile: async () => {
        if (fail) throw new Error('server_error');
        return admin;
      },
    });
    expect(actor.getSnapshot().value).toEqual({ signedIn: 'profileError' });
    expect([selectUserStatus(actor.getSnapshot()), selectIsSignedIn(actor.getSnapshot())]).toEqual(['error', true]);
    fail = false;
    actor.send({ type: 'session.reloadProfile' });
    expect(selectUserStatus(actor.getSnapshot())).toBe('loading');
    const ready = await waitFor(actor, (s) => s.matches({ signedIn: 'ready' }));
    expect(selectUser(ready)).toEqual(admin);
  });

  it('ignores sign-in while signed in', async () => {
    const { actor, calls } = await signedIn();
    expect(actor.getSnapshot().can({ type: 'session.signIn', username: 'a', password: 'b' })).toBe(false);
    actor.send({ type: 'session.signIn', username: 'a', password: 'b' });
    expect(calls.obtainTokens).not.toHaveBeenCalled();
  });
});

describe('selectCan', () => {
  const areas = ['devices', 'media', 'playlists', 'campaigns', 'statistics', 'company'] as const;
  const matrix = (snapshot: Parameters<ReturnType<typeof selectCan>>[0]) =>
    areas.map((area) => `${area}:${selectCan(area, 'view')(snapshot) ? 'v' : '-'}${selectCan(area, 'edit')(snapshot) ? 'e' : '-'}`);
  const scoped: Profile = {
    ...kiosk,
    access: { admin: false, companies: [7], permissions: { devices: 'edit', media: 'view', playlists: 'none', campaigns: 'view', statistics: 'none', company: 'edit' } },
  };

  async function readyAs(userId: number, profile: Profile) {
    tokenStore.setTokens({ access: accessFor(userId), refresh: 'R' });
    let release: (profile: Profile) => void = () => {};
    const { actor } = start({ loadProfile: () => new Promise<Profile>((resolve) => (release = resolve)) });
    await waitFor(actor, (s) => s.matches({ signedIn: 'loadingProfile' }));
    const loading = actor.getSnapshot();
    release(profile);
    return { loading, ready: await waitFor(actor, (s) => s.matches({ signedIn: 'ready' })) };
  }

  it('a scoped user may what their access grants, and nothing while their profile loads', async () => {
    const { loading, ready } = await readyAs(5, scoped);
    expect(matrix(loading)).toEqual(areas.map((area) => `${area}:--`));
    expect(matrix(ready)).toEqual(['devices:ve', 'media:v-', 'playlists:--', 'campaigns:v-', 'statistics:--', 'company:ve']);
  });

  it('the administrator may everything at once; a profile without access (an older server) allows everything', async () => {
    const admin1 = await readyAs(1, admin);
    expect(matrix(admin1.loading)).toEqual(areas.map((area) => `${area}:ve`));
    const older = await readyAs(5, kiosk);
    expect(matrix(older.ready)).toEqual(areas.map((area) => `${area}:ve`));
  });
});
