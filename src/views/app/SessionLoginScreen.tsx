import { useMemo } from 'react';
import LoginScreen from '../login/LoginScreen.tsx';
import { LoginActionsContext, type LoginActions } from '../login/loginActions.ts';
import { SessionContext } from './actors.ts';

/** The login screen inside the full app: signing in is the session machine's `session.signIn`. */
export function SessionLoginScreen() {
  const session = SessionContext.useActorRef();
  const signingIn = SessionContext.useSelector((s) => s.matches('signingIn'));
  const actions = useMemo<LoginActions>(
    () => ({ signingIn, signIn: (credentials) => session.send({ type: 'session.signIn', ...credentials }) }),
    [session, signingIn],
  );
  return (
    <LoginActionsContext.Provider value={actions}>
      <LoginScreen />
    </LoginActionsContext.Provider>
  );
}
