import { useEffect, useMemo, useRef, type ReactNode } from 'react';
import { useNavigate } from './router.tsx';
import { useTranslation } from '../../i18n.ts';
import { sessionMachine } from '../../machines/session.machine.ts';
import { selectIsSignedIn } from '../../machines/session.selectors.ts';
import { useNotify } from '../common/notify.tsx';
import { clearLoginDraft } from '../login/loginActions.ts';
import { PreferencesProvider } from '../profile/PreferencesBridge.tsx';
import { SessionContext } from './actors.ts';
import { lastVisitedPath } from './lastVisited.ts';
import { takePendingSignIn } from './pendingSignIn.ts';

/**
 * Sends the sign-in the first-page shell handed over (see Shell.tsx) once the session actor runs, and forgets
 * what was typed on the login screen as soon as a session is signed in.
 */
function SignInHandover() {
  const session = SessionContext.useActorRef();
  const signedIn = SessionContext.useSelector(selectIsSignedIn);
  useEffect(() => {
    const credentials = takePendingSignIn();
    if (credentials) session.send({ type: 'session.signIn', ...credentials });
  }, [session]);
  useEffect(() => {
    if (signedIn) clearLoginDraft();
  }, [signedIn]);
  return null;
}

/**
 * Starts the session actor with the router's navigation and the app's toasts as its actions. What the http client
 * tells the session (the 401 procedure gave up, a token pair was stored, a call was refused with 403) reaches the
 * machine through its own `httpClient` listener, not through effects here.
 */
export function SessionProvider({ children }: { children: ReactNode }) {
  const navigate = useNavigate();
  const notify = useNotify();
  const { t } = useTranslation('common', { useSuspense: false });
  // The actor is created once; it reaches the current navigate/notify/t through this ref.
  const effects = useRef({ navigate, notify, t });
  effects.current = { navigate, notify, t };

  const logic = useMemo(
    () =>
      sessionMachine.provide({
        actions: {
          goToLogin: () => void effects.current.navigate('/login', { replace: true }),
          goToStart: () => void effects.current.navigate(lastVisitedPath(), { replace: true }),
          notify: (_, params) => effects.current.notify(effects.current.t(params.message), params.intent),
        },
      }),
    [],
  );

  return (
    <SessionContext.Provider logic={logic}>
      <SignInHandover />
      <PreferencesProvider>{children}</PreferencesProvider>
    </SessionContext.Provider>
  );
}
