// oidc-provider 8 ships no types (the tests' OpenID provider, tests/api/oidc.provider.ts): what those tests use of it.
declare module 'oidc-provider' {
  import type { IncomingMessage, ServerResponse } from 'node:http';

  interface Grant {
    addOIDCScope(scope: string): void;
    save(): Promise<string>;
  }
  interface KoaContext {
    oidc: {
      provider: { Grant: new (init: { clientId: string; accountId: string }) => Grant };
      client?: { clientId: string };
      session?: { accountId?: string };
    };
  }
  interface Configuration {
    clients?: Record<string, unknown>[];
    jwks?: { keys: unknown[] };
    cookies?: { keys: string[] };
    claims?: Record<string, string[]>;
    findAccount?: (ctx: KoaContext, id: string) => Promise<{ accountId: string; claims: () => Promise<Record<string, unknown>> }>;
    features?: Record<string, { enabled: boolean }>;
    loadExistingGrant?: (ctx: KoaContext) => Promise<Grant | undefined>;
    ttl?: Record<string, number | ((...args: unknown[]) => number)>;
    pkce?: { required: () => boolean };
  }
  export default class Provider {
    constructor(issuer: string, configuration?: Configuration);
    callback(): (request: IncomingMessage, response: ServerResponse) => void;
    on(event: 'server_error', listener: (ctx: unknown, error: Error) => void): this;
  }
}
