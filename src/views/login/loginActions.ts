import { createContext, useContext } from 'react';

export interface Credentials {
  username: string;
  password: string;
  remember: boolean;
}

/**
 * What the login screen needs from whoever shows it: the full app passes the session machine's
 * `session.signIn` and its signingIn state (SessionLoginScreen); the first-page shell loads the app first.
 */
export interface LoginActions {
  signingIn: boolean;
  signIn(credentials: Credentials): void;
  /** Two-factor codes: the second step, once the password was right (the full app's session; the shell has none). */
  secondFactor?: SecondFactorActions;
  /** i18n key of a refusal to show above the password form (a second step that expired), or null. */
  notice?: string | null;
}

export interface SecondFactorActions {
  asked: boolean;
  checking: boolean;
  /** i18n key of the last refusal of a code, or null. */
  error: string | null;
  submit(code: string): void;
  cancel(): void;
}

/** The rule of `requiredString` (services/schemas/common.ts), without superstruct on the first page (issue 37). */
export const filled = (value: string) => value.trim().length > 0;

export const LoginActionsContext = createContext<LoginActions | null>(null);

export function useLoginActions(): LoginActions {
  const actions = useContext(LoginActionsContext);
  if (!actions) throw new Error('LoginScreen needs a LoginActionsContext provider');
  return actions;
}

/**
 * What the user has typed, kept outside the component: when the shell hands over to the full app, the
 * login screen mounts again and must show the same values (and keep them if the sign-in is refused).
 * Cleared once a session is signed in, so the password never outlives the sign-in.
 */
export const loginDraft: Credentials & { code: string } = { username: '', password: '', remember: true, code: '' };

export function clearLoginDraft(): void {
  loginDraft.username = '';
  loginDraft.password = '';
  loginDraft.remember = true;
  loginDraft.code = '';
}
