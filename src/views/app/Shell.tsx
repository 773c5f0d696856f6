import { lazy, Suspense, useCallback, useEffect, useMemo, useState, useSyncExternalStore, type ComponentType, type ReactNode } from 'react';
import { storedTheme, THEME_STORAGE_KEY } from '../../machines/theme.names.ts';
import { SSO_LANDING_PATH } from '../../services/ssoStatus.ts';
import { tokenStore } from '../../services/tokenStore.ts';
import { ErrorFallback } from '../common/ErrorBoundary.tsx';
import { Loading } from '../common/Loading.tsx';
import { onOtherTabSetting } from '../common/otherTabs.ts';
import { withChunkTimeout } from '../common/lazyScreen.ts';
import LoginScreen from '../login/LoginScreen.tsx';
import { LoginActionsContext, type Credentials, type LoginActions } from '../login/loginActions.ts';
import { AppSurface } from './AppSurface.tsx';
import { setPendingSignIn } from './pendingSignIn.ts';
import { useFluentTheme } from './themes.ts';

/** The full app (router, session and theme machines, services, every screen) is a chunk of its own. */
const loadApp = (): Promise<ComponentType> => withChunkTimeout(import('./App.tsx')).then((module) => module.App);

/** The landing of a single sign-on (issue 40), a chunk of its own: only the provider's answer opens it. */
const SsoLanding = lazy(() => withChunkTimeout(import('../login/SsoLanding.tsx')));

/** Tokens in storage: the full app checks (or refreshes) them; without any the visitor is anonymous. */
export function hasStoredSession(): boolean {
  return tokenStore.getAccess() !== null || tokenStore.getRefresh() !== null;
}

/** A theme picked in another tab is stored there: the first page draws the stored one. */
const subscribeStoredTheme = (changed: () => void) => onOtherTabSetting(THEME_STORAGE_KEY, changed);

/** Theme and page surface for what the shell shows itself, the way the full app draws them. */
function ShellFrame({ children }: { children: ReactNode }) {
  const theme = useFluentTheme(useSyncExternalStore(subscribeStoredTheme, storedTheme));
  return (
    <AppSurface theme={theme}>
      <Suspense fallback={<Loading fullPage />}>{children}</Suspense>
    </AppSurface>
  );
}

/**
 * The first page. An anonymous visitor can only sign in (spec section 6), so for them the shell shows the login
 * screen straight from the main bundle and loads the full app when they submit it; the app then sends the
 * sign-in to its session machine (see SessionProvider) and the login screen keeps what was typed. With a
 * stored session the shell loads the full app at once. A chunk that fails to arrive shows "Loading chunk
 * failed" with a Reload button, as inside the app.
 */
export function Shell() {
  const [anonymous] = useState(() => !hasStoredSession());
  const [App, setApp] = useState<ComponentType | null>(null);
  const [starting, setStarting] = useState(false);
  const [failure, setFailure] = useState<unknown>(null);

  const start = useCallback(() => {
    setStarting(true);
    loadApp().then(
      (app) => setApp(() => app),
      (error: unknown) => setFailure(error),
    );
  }, []);

  useEffect(() => {
    if (!anonymous && window.location.pathname !== SSO_LANDING_PATH) start();
  }, [anonymous, start]);

  const loginActions = useMemo<LoginActions>(
    () => ({
      signingIn: starting,
      signIn: (credentials: Credentials) => {
        setPendingSignIn(credentials);
        start();
      },
    }),
    [starting, start],
  );

  if (App) return <App />;
  // Back from the identity provider: the landing exchanges its code, stores the session and opens the app afresh.
  if (window.location.pathname === SSO_LANDING_PATH) {
    return (
      <ShellFrame>
        <SsoLanding />
      </ShellFrame>
    );
  }
  return (
    <ShellFrame>
      {failure ? (
        <ErrorFallback error={failure} />
      ) : anonymous ? (
        <LoginActionsContext.Provider value={loginActions}>
          <LoginScreen />
        </LoginActionsContext.Provider>
      ) : (
        <Loading fullPage />
      )}
    </ShellFrame>
  );
}
