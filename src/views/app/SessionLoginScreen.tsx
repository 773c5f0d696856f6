import { useMemo } from 'react';
import LoginScreen from '../login/LoginScreen.tsx';
import { LoginActionsContext, type LoginActions } from '../login/loginActions.ts';
import { CODE_ERRORS } from '../../machines/session.machine.ts';
import { selectCodeAsked, selectCodeChecking, selectLoginError } from '../../machines/session.selectors.ts';
import { SessionContext } from './actors.ts';

/** The login screen inside the full app: signing in is the session machine's `session.signIn`. */
export function SessionLoginScreen() {
  const session = SessionContext.useActorRef();
  const signingIn = SessionContext.useSelector((s) => s.matches('signingIn'));
  const asked = SessionContext.useSelector(selectCodeAsked);
  const checking = SessionContext.useSelector(selectCodeChecking);
  const error = SessionContext.useSelector(selectLoginError);
  const actions = useMemo<LoginActions>(
    () => ({
      signingIn,
      signIn: (credentials) => session.send({ type: 'session.signIn', ...credentials }),
      notice: error === CODE_ERRORS.challengeExpired ? error : null,
      secondFactor: {
        asked,
        checking,
        error: asked && error !== null && (Object.values(CODE_ERRORS) as string[]).includes(error) ? error : null,
        submit: (code) => session.send({ type: 'session.submitCode', code }),
        cancel: () => session.send({ type: 'session.cancelCode' }),
      },
    }),
    [session, signingIn, asked, checking, error],
  );
  return (
    <LoginActionsContext.Provider value={actions}>
      <LoginScreen />
    </LoginActionsContext.Provider>
  );
}
