import { fromPromise } from 'xstate';
import { createFetchStatusMachine } from '../fetchStatus.machine.ts';
import { finishSsoSignIn } from '../../services/oidc.service.ts';

/** What the server's callback left in the landing page's fragment: a one-time code, or why it refused. */
export type SsoFragment = { code: string } | { error: string };

/**
 * The landing of a single sign-on (/login/sso, issue 40) in one fetch status: loading while the one-time code is
 * exchanged for the session's tokens (stored as "Remember me" stores them), complete with the page the user was going
 * to, error with the server's code (a refusal the callback put in the fragment, or the exchange's own: code_invalid).
 */
export const ssoLandingMachine = createFetchStatusMachine<string, SsoFragment | null>(null).provide({
  actors: { load: fromPromise(async ({ input }) => finishSsoSignIn(input.params ?? { error: 'code_invalid' })) },
});
