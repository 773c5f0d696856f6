import { useEffect, useMemo, useRef, type ReactNode } from 'react';
import { useNavigate } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { sessionMachine } from '../../machines/session.machine.ts';
import { selectIsSignedIn } from '../../machines/session.selectors.ts';
import { onAuthFailure, onForbidden } from '../../services/http.ts';
import { tokenStore } from '../../services/tokenStore.ts';
import { useNotify } from '../common/notify.tsx';
import { clearLoginDraft } from '../login/loginActions.ts';
import { PreferencesProvider } from '../profile/PreferencesBridge.tsx';
import { SessionContext } from './actors.ts';
import { lastVisitedPath } from './lastVisited.ts';
import { takePendingSignIn } from './pendingSignIn.ts';

/** Sends `session.expired` whenever the http client gives up on the session (the 401 procedure failed). */
function AuthFailureBridge() {
  const session = SessionContext.useActorRef();
  useEffect(() => onAuthFailure(() => session.send({ type: 'session.expired' })), [session]);
  return null;
}

/**
 * A 403 `forbidden` means the user's rights changed since their profile was read: the profile is read again (so the
 * screens hide what is no longer allowed), and a refused write says why beside the screen's own message; what the user
 * typed stays where it was (the screens' writes keep their drafts on failure).
 */
function ForbiddenBridge() {
  const session = SessionContext.useActorRef();
  const notify = useNotify();
  const { t } = useTranslation('common', { useSuspense: false });
  const effects = useRef({ notify, t });
  effects.current = { notify, t };
  useEffect(
    () =>
      onForbidden(({ method }) => {
        if (method !== 'GET') effects.current.notify(effects.current.t('errors.forbidden'), 'error');
        if (selectIsSignedIn(session.getSnapshot()) && !session.getSnapshot().matches({ signedIn: 'loadingProfile' })) session.send({ type: 'session.reloadProfile' });
      }),
    [session],
  );
  return null;
}

/** Sends `session.tokensStored` whenever a token pair is stored, so that the user id follows a refresh by the http client. */
function StoredTokensBridge() {
  const session = SessionContext.useActorRef();
  useEffect(() => tokenStore.onTokensStored((access) => session.send({ type: 'session.tokensStored', access })), [session]);
  return null;
}

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

/** Starts the session actor with the router's navigation and the app's toasts as its actions. */
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
      <AuthFailureBridge />
      <StoredTokensBridge />
      <ForbiddenBridge />
      <SignInHandover />
      <PreferencesProvider>{children}</PreferencesProvider>
    </SessionContext.Provider>
  );
}
