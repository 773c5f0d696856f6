import type { ReactElement } from 'react';
import { cleanup, render } from '@testing-library/react';
import { FluentProvider, webLightTheme } from '@fluentui/react-components';
// Not re-exported by react-components: skips Fluent motions, which never finish under happy-dom.
import { MotionBehaviourProvider } from '@fluentui/react-motion';
import { MemoryRouter } from '../app/router.tsx';
import { afterEach } from 'vitest';
import { fromPromise } from 'xstate';
import { sessionMachine } from '../../machines/session.machine.ts';
import type { ObtainTokensResult, SecondFactorResult } from '../../services/auth.service.ts';
import type { TokenPair } from '../../services/schemas/auth.ts';
import type { Profile } from '../../services/schemas/users.ts';
import { I18n, I18nProvider, useI18nTexts } from '../../i18n.ts';
import { SessionContext, ThemeContext } from '../app/actors.ts';
import { TextsContext } from '../common/texts.ts';
import enCommon from '../../../locales/en/common.json';
import enLayout from '../../../locales/en/layout.json';
import enLogin from '../../../locales/en/login.json';
import enScreens from '../../../locales/en/screens.json';

afterEach(() => {
  cleanup();
  localStorage.clear();
  sessionStorage.clear();
});

/** An English instance of the app's translations with the bundles of the foundation namespaces, at hand at once (nothing read). */
export function testI18n(): I18n {
  return new I18n({
    lng: 'en',
    ns: ['common', 'layout', 'login', 'screens'],
    resources: { en: { common: enCommon, layout: enLayout, login: enLogin, screens: enScreens } },
    load: null,
    useSuspense: false,
  });
}

function base64Url(text: string): string {
  return btoa(text).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

/** An unsigned access token whose payload carries `user_id` (the SPA only decodes it). */
export function accessTokenFor(userId: number): string {
  const payload = { user_id: userId, exp: 2e9, iat: 1e9, token_type: 'access' };
  return `${base64Url('{"alg":"HS256","typ":"JWT"}')}.${base64Url(JSON.stringify(payload))}.signature`;
}

/** Stores a session for `userId` the way the token store does (remembered: localStorage). */
export function storeSession(userId: number): void {
  localStorage.setItem('access', accessTokenFor(userId));
  localStorage.setItem('refresh', `refresh-${userId}`);
}

export interface SessionFakes {
  obtainTokens?: (input: { username: string; password: string }) => Promise<ObtainTokensResult>;
  obtainSecondFactor?: (input: { challenge: string; code: string }) => Promise<SecondFactorResult>;
  loadProfile?: () => Promise<Profile>;
  refreshTokens?: (input: { refresh: string }) => Promise<TokenPair>;
  logout?: () => Promise<void>;
}

const profileOf = (id: number): Profile => ({
  id,
  username: id === 1 ? 'admin' : `user${id}`,
  is_active: true,
  is_admin: id === 1,
  date_joined: '2024-01-01T00:00:00.000Z',
});

/** The session machine with fake services (no network) and no-op navigation/notification. */
export function fakeSessionLogic(fakes: SessionFakes = {}) {
  return sessionMachine.provide({
    actors: {
      obtainTokens: fromPromise(({ input }) => (fakes.obtainTokens ?? (() => new Promise<never>(() => {})))(input)),
      obtainSecondFactor: fromPromise(({ input }) => (fakes.obtainSecondFactor ?? (() => new Promise<never>(() => {})))(input)),
      loadProfile: fromPromise(() => (fakes.loadProfile ?? (() => Promise.resolve(profileOf(1))))()),
      refreshTokens: fromPromise(({ input }) => (fakes.refreshTokens ?? (() => Promise.reject(new Error('no refresh'))))(input)),
      logout: fromPromise(() => (fakes.logout ?? (() => Promise.resolve()))()),
    },
    actions: { goToLogin: () => {}, goToStart: () => {}, notify: () => {} },
  });
}

export interface RenderOptions {
  path?: string;
  session?: SessionFakes;
}

/** Renders `ui` inside Fluent, i18n (English, also the texts of the parts the first page shares: views/common/texts.ts), a memory router at `path` and a session actor with fakes. */
export function renderWithProviders(ui: ReactElement, { path = '/', session }: RenderOptions = {}) {
  const i18n = testI18n();
  const result = render(
    <FluentProvider theme={webLightTheme}>
      <MotionBehaviourProvider value="skip">
        <I18nProvider i18n={i18n}>
          <TextsContext.Provider value={useI18nTexts}>
            <MemoryRouter initialEntries={[path]}>
              <ThemeContext.Provider>
                <SessionContext.Provider logic={fakeSessionLogic(session)}>{ui}</SessionContext.Provider>
              </ThemeContext.Provider>
            </MemoryRouter>
          </TextsContext.Provider>
        </I18nProvider>
      </MotionBehaviourProvider>
    </FluentProvider>,
  );
  return { ...result, i18n };
}
