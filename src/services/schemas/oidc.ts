import { array, boolean, nullable, object, optional, size, string, type Infer } from 'superstruct';
import { Id, requiredString } from './common.ts';
import { TokenPair } from './auth.ts';

/*
 * Single sign-on with OpenID Connect (issue 40): what the login page asks, the exchange of the callback's one-time code
 * for the session's tokens, and the table that maps the provider's groups to Vitrine groups (edited on /groups).
 */

/** GET /auth/oidc/: whether single sign-on is on, and the provider's name for the button. */
export const OidcStatus = object({ enabled: boolean(), name: nullable(string()) });
export type OidcStatus = Infer<typeof OidcStatus>;

/** GET /auth/oidc/start/?next=: the page to land on afterwards (a path of the app; anything else lands on /devices). */
export const OidcStartQuery = object({ next: optional(string()) });

/** The callback's answer from the provider (what the handler reads of the query; the rest goes to openid-client whole). */
export const OidcCallbackQuery = object({ state: optional(string()), code: optional(string()), error: optional(string()) });

/** POST /auth/oidc/exchange/. */
export const OidcExchangeBody = object({ code: requiredString });
export type OidcExchangeBody = Infer<typeof OidcExchangeBody>;

/** The session's tokens, as a password sign-in answers them, and where the user was going. */
export const OidcExchanged = object({ ...TokenPair.schema, next: string() });
export type OidcExchanged = Infer<typeof OidcExchanged>;

/** The longest provider group name kept (Entra ID sends object ids, 36 characters; others names or paths). */
export const MAX_PROVIDER_GROUP = 256;

/** One row of the mapping table: a value of the groups claim gives a Vitrine group. */
export const OidcGroupMapping = object({ id: Id, provider_group: string(), group: Id, group_name: string() });
export type OidcGroupMapping = Infer<typeof OidcGroupMapping>;

export const OidcGroupMappingList = object({ results: array(OidcGroupMapping) });
export type OidcGroupMappingList = Infer<typeof OidcGroupMappingList>;

/** POST /groups/oidc-mappings/. */
export const OidcGroupMappingBody = object({ provider_group: size(requiredString, 1, MAX_PROVIDER_GROUP), group: Id });
export type OidcGroupMappingBody = Infer<typeof OidcGroupMappingBody>;
