import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { exportJWK, generateKeyPair } from 'jose';
import Provider from 'oidc-provider';

/*
 * A real OpenID provider (oidc-provider) running in the test process, for single sign-on's tests (issue 40): its own
 * login page (devInteractions: any login, any password; the login is the account id), consent given by the provider for
 * Vitrine (loadExistingGrant), the groups claim from `accounts` (in the userinfo answer, as many providers give it).
 * One HTTP listener, whose issuer Vitrine is configured with, answers as one of two providers:
 * - `mode = 'other-issuer'`: a second provider with another issuer that signs with the same keys (as a multi-tenant
 *   provider's tenants do): its ID tokens are well signed but name another issuer;
 * - `mode = 'other-client'`: the requests of Vitrine's client reach the provider as another registered client's
 *   (`other`), so the ID token is well signed by the right issuer but for another audience;
 * and `idTokenTtl` (seconds) may be made negative: the provider's clock, for the ID token, moved an hour back.
 */

export const CLIENT = { id: 'vitrine', secret: 'vitrine-test-secret' };
const OTHER = { id: 'other', secret: 'other-test-secret' };

export interface TestProvider {
  issuer: string;
  /** The groups claim of each account (the login typed on the provider's page). */
  accounts: Map<string, string[]>;
  mode: 'normal' | 'other-issuer' | 'other-client';
  idTokenTtl: number;
  close(): Promise<void>;
}

export async function startProvider(redirectUris: string[]): Promise<TestProvider> {
  const server = http.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const { privateKey } = await generateKeyPair('RS256', { extractable: true });
  const jwk = { ...(await exportJWK(privateKey)), kid: 'test-key', alg: 'RS256', use: 'sig' };
  const state: TestProvider = {
    issuer,
    accounts: new Map(),
    mode: 'normal',
    idTokenTtl: 3600,
    close: () => new Promise<void>((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    }),
  };
  const client = (id: string, secret: string) => ({
    client_id: id,
    client_secret: secret,
    redirect_uris: redirectUris,
    grant_types: ['authorization_code'],
    response_types: ['code'],
    token_endpoint_auth_method: 'client_secret_basic',
  });
  const configuration = (): ConstructorParameters<typeof Provider>[1] => ({
    clients: [client(CLIENT.id, CLIENT.secret), client(OTHER.id, OTHER.secret)],
    jwks: { keys: [jwk as never] },
    cookies: { keys: ['oidc-test-cookie-key'] },
    claims: { openid: ['sub'], profile: ['preferred_username', 'name', 'groups'], email: ['email'] },
    findAccount: async (_ctx, id) => ({
      accountId: id,
      claims: async () => ({ sub: id, preferred_username: id, name: id, email: `${id}@example.test`, groups: state.accounts.get(id) ?? [] }),
    }),
    features: { devInteractions: { enabled: true } },
    // Vitrine is a first-party application: no consent page.
    loadExistingGrant: async (ctx) => {
      const grant = new ctx.oidc.provider.Grant({ clientId: ctx.oidc.client!.clientId, accountId: ctx.oidc.session!.accountId! });
      grant.addOIDCScope('openid profile email');
      await grant.save();
      return grant;
    },
    ttl: { IdToken: () => state.idTokenTtl, AccessToken: 600, AuthorizationCode: 60, Interaction: 600, Session: 600, Grant: 600 },
    pkce: { required: () => true },
  });
  const provider = new Provider(issuer, configuration());
  const otherTenant = new Provider(`${issuer}/other-tenant`, configuration());
  // The providers warn about a development setup (devInteractions): the tests know.
  for (const one of [provider, otherTenant]) one.on('server_error', (_ctx, error) => console.error('test provider:', error));
  const handle = provider.callback();
  const handleOther = otherTenant.callback();
  server.on('request', (request, response) => {
    if (state.mode === 'other-issuer') return handleOther(request, response);
    if (state.mode === 'other-client') {
      const url = new URL(request.url!, issuer);
      if (url.searchParams.get('client_id') === CLIENT.id) {
        url.searchParams.set('client_id', OTHER.id);
        request.url = url.pathname + url.search;
      }
      if (request.headers.authorization) request.headers.authorization = `Basic ${Buffer.from(`${OTHER.id}:${OTHER.secret}`).toString('base64')}`;
    }
    return handle(request, response);
  });
  return state;
}

/**
 * A browser's walk through the provider: follows redirects with its own cookies, fills the provider's login form with
 * `login`, and stops at the first address outside the provider (Vitrine's callback), which it answers.
 */
export async function signInAtProvider(authorizationUrl: string, login: string): Promise<URL> {
  const cookies = new Map<string, string>();
  const origin = new URL(authorizationUrl).origin;
  const send = async (url: string, init: RequestInit = {}) => {
    const headers = new Headers(init.headers);
    if (cookies.size) headers.set('cookie', [...cookies].map(([name, value]) => `${name}=${value}`).join('; '));
    const response = await fetch(url, { ...init, headers, redirect: 'manual' });
    for (const line of response.headers.getSetCookie()) {
      const [pair] = line.split(';');
      const at = pair!.indexOf('=');
      cookies.set(pair!.slice(0, at), pair!.slice(at + 1));
    }
    return response;
  };
  let url = authorizationUrl;
  let submitted = false;
  for (let hops = 0; hops < 20; hops += 1) {
    const response = await send(url);
    const location = response.headers.get('location');
    if (location) {
      url = new URL(location, url).href;
      if (new URL(url).origin !== origin) return new URL(url);
      continue;
    }
    const html = await response.text();
    const action = /<form[^>]*action="([^"]+)"/.exec(html)?.[1];
    if (response.status !== 200 || !action || submitted) throw new Error(`provider answered ${response.status}: ${html.slice(0, 300)}`);
    submitted = true;
    const posted = await send(new URL(action, url).href, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ prompt: 'login', login, password: 'any' }).toString(),
    });
    url = new URL(posted.headers.get('location')!, url).href;
    if (new URL(url).origin !== origin) return new URL(url);
  }
  throw new Error('too many redirects at the provider');
}
