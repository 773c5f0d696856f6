import type { Credentials } from '../login/loginActions.ts';

let pending: Credentials | null = null;

/** The first-page shell hands a submitted sign-in to the full app, which sends it once its session actor runs. */
export function setPendingSignIn(credentials: Credentials): void {
  pending = credentials;
}

/** The handed-over sign-in, once: a second call answers null. */
export function takePendingSignIn(): Credentials | null {
  const taken = pending;
  pending = null;
  return taken;
}
