import { Suspense } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import { AppRoutes, SCREEN_ROUTES, screenRoutesFor } from './routes.tsx';
import { renderWithProviders, storeSession } from './testing/renderWithProviders.tsx';

/** Section 2 of the spec, with {param} written the router's way. */
const SPEC_PATHS = [
  '/', '/login', '/content', '/scheduler', '/clients', '/organizations', '/structure', '/branch-offices', '/media',
  '/media/:mediaId', '/playlists', '/playlists/:playlistId', '/tracks', '/groups', '/users', '/journal', '/devices',
  '/devices/:deviceId/configs', '/campaigns', '/campaigns/:campaignId/scheduler', '/campaigns/:campaignId/devices',
  '/statistics', '/statistics/compare', '/statistics/unloads', '/timeline', '/directory', '/profile', '/company',
  '/navigation', '/navigation/:deviceId',
];
/** Screens added beyond the spec's table, by issue: /webhooks (29), /layouts and /layouts/:layoutId (36), /datasets (38). */
const ADDED_PATHS = ['/webhooks', '/layouts', '/layouts/:layoutId', '/datasets', '/smart-groups'];

const EMPTY_PAGE = { count: 0, next: null, previous: null, results: [] };

/** What the rendered screens load, served from here: `METHOD /path` (query left out) -> JSON body. */
const FIXTURES: Record<string, unknown> = {
  'GET /api/v1/tvpi/devices/': { ...EMPTY_PAGE, count_exact: true },
  'GET /api/v1/tvpi/devices/statistics': { active: 0, deactive: 0 },
  'GET /api/v1/companies/': EMPTY_PAGE,
  'GET /api/v1/branch-offices/': EMPTY_PAGE,
  'GET /api/v1/directory/queries/': EMPTY_PAGE,
  'GET /api/v1/media/play_list_tracks/': EMPTY_PAGE,
  'GET /api/v1/media/play_lists/': EMPTY_PAGE,
  'GET /api/v1/overrides/': EMPTY_PAGE,
  'GET /api/v1/auth/oidc/': { enabled: false, name: null },
  'GET /api/v1/jobs/': EMPTY_PAGE,
};

let unhandled: string[] = [];

// No request leaves the test: the screens' loads are answered from FIXTURES, and any other request fails the test.
beforeEach(() => {
  unhandled = [];
  vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
    const request = input instanceof Request ? input : new Request(new URL(String(input), 'http://localhost'), init);
    const key = `${request.method} ${new URL(request.url, 'http://localhost').pathname}`;
    if (!(key in FIXTURES)) {
      unhandled.push(key);
      return new Response(JSON.stringify({ detail: 'No fixture', code: 'not_found' }), { status: 404, headers: { 'content-type': 'application/json' } });
    }
    return new Response(JSON.stringify(FIXTURES[key]), { status: 200, headers: { 'content-type': 'application/json' } });
  });
});

afterEach(() => {
  vi.unstubAllGlobals();
  expect(unhandled, 'requests without a fixture: add them to FIXTURES in src/views/routes.test.tsx').toEqual([]);
});

function renderApp(path: string) {
  return renderWithProviders(
    <Suspense fallback={null}>
      <AppRoutes />
    </Suspense>,
    { path },
  );
}

describe('route table', () => {
  it('covers exactly the 30 paths of the spec, and the screens added since', () => {
    const registered = ['/', '/login', ...SCREEN_ROUTES.map((route) => route.path)];
    expect(SPEC_PATHS).toHaveLength(30);
    expect([...registered].sort()).toEqual([...SPEC_PATHS, ...ADDED_PATHS].sort());
  });

  it('registers Directory only for user 1', () => {
    expect(screenRoutesFor(false).map((route) => route.path)).not.toContain('/directory');
    expect(screenRoutesFor(true).map((route) => route.path)).toContain('/directory');
    expect(screenRoutesFor(false)).toHaveLength(SCREEN_ROUTES.length - 3);
    expect(screenRoutesFor(false).map((route) => route.path)).not.toContain("/users");
  });
});

describe('AppRoutes', () => {
  it('sends a visitor without tokens to the login screen', async () => {
    renderApp('/devices');
    expect(await screen.findByRole('heading', { name: 'Sign in to Vitrine' })).toBeTruthy();
  });

  it('renders a screen for a signed-in user and remembers it as the last visited page', async () => {
    storeSession(2);
    renderApp('/playlists');
    expect(await screen.findByRole('heading', { level: 1, name: 'Playlists' }, { timeout: 10_000 })).toBeTruthy();
    // The path is stored by an effect after the screen has rendered.
    await waitFor(() => expect(localStorage.getItem('rlpv')).toBe('/playlists'));
  });

  it('redirects / to the last visited page', async () => {
    storeSession(2);
    localStorage.setItem('rlpv', '/tracks');
    renderApp('/');
    expect(await screen.findByRole('heading', { level: 1, name: 'Tracks' })).toBeTruthy();
  });

  it('redirects /login to the last visited page when a session is held', async () => {
    storeSession(2);
    renderApp('/login');
    // The redirect loads the devices screen lazily: as slow as the first render of the test above under load.
    expect(await screen.findByRole('heading', { level: 1, name: 'Devices' }, { timeout: 10_000 })).toBeTruthy();
  });

  it('has no Directory route for other users', async () => {
    storeSession(2);
    renderApp('/directory');
    expect(await screen.findByRole('heading', { level: 1, name: 'Page not found' })).toBeTruthy();
    expect(screen.queryByRole('heading', { level: 1, name: 'Directory' })).toBeNull();
  });

  it('has the Directory route for user 1', async () => {
    storeSession(1);
    renderApp('/directory');
    expect(await screen.findByRole('heading', { level: 1, name: 'Directory' })).toBeTruthy();
  });
});
