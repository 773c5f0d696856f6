import { API_BASE } from './config.ts';

/** What the login page needs to offer single sign-on (GET /auth/oidc/): whether it is on and the provider's name. */
export interface SsoStatus {
  enabled: boolean;
  name: string | null;
}

/** The SPA's page that finishes a single sign-on (the server's callback sends the browser there with a fragment). */
export const SSO_LANDING_PATH = '/login/sso';

let asked: Promise<SsoStatus> | null = null;
let known: SsoStatus | null = null;
const listeners = new Set<() => void>();

/**
 * Asked once per page, with a plain fetch: the login page is the first page and stays within its budget (issue 37),
 * so neither the app's http client nor its schemas come with it. Anything but a clear answer is "off": the password
 * form is always there.
 */
export function ssoStatus(): Promise<SsoStatus> {
  asked ??= fetch(`${API_BASE}/auth/oidc/`, { headers: { accept: 'application/json' } })
    .then((response) => (response.ok ? response.json() : null))
    .then((body: unknown) => {
      const answer = body as Partial<SsoStatus> | null;
      return answer?.enabled === true && typeof answer.name === 'string' ? { enabled: true, name: answer.name } : { enabled: false, name: null };
    })
    .catch(() => ({ enabled: false, name: null }))
    .then((status: SsoStatus) => {
      known = status;
      for (const listener of listeners) listener();
      return status;
    });
  return asked;
}

/** For useSyncExternalStore: subscribing asks the server (once per page); the answer notifies. */
export function subscribeSsoStatus(listener: () => void): () => void {
  listeners.add(listener);
  void ssoStatus();
  return () => listeners.delete(listener);
}

/** The answer once it came, else null (not known yet: nothing is offered meanwhile). */
export function currentSsoStatus(): SsoStatus | null {
  return known;
}

/** The address that starts a single sign-on, the page to land on afterwards in `next`. */
export function ssoStartUrl(next: string): string {
  return `${API_BASE}/auth/oidc/start/?next=${encodeURIComponent(next)}`;
}

/** Forgets the answer (tests). */
export function forgetSsoStatus(): void {
  asked = null;
  known = null;
}
