import { array, enums, literal, nullable, object, optional, partial, size, string, union, type Infer } from 'superstruct';
import { Id, requiredString } from './common.ts';
import { AREAS, PermissionLevel, type Area, type Level } from './groups.ts';

/** The lifetimes a token may be given, in days; null: until revoked. */
export const API_TOKEN_EXPIRIES = [30, 90, 365] as const;

/** At most this many tokens a user keeps (revoked and expired ones do not count). */
export const MAX_API_TOKENS = 50;

/** The rights a token carries: per area `view` or `edit`, never more than its user's; areas left out are `none`. */
export const ApiTokenPermissions = partial(object(Object.fromEntries(AREAS.map((area) => [area, PermissionLevel])) as Record<Area, typeof PermissionLevel>));
export type ApiTokenPermissions = Partial<Record<Area, Level>>;

/** POST /profile/api-tokens/. */
export const ApiTokenCreateBody = object({
  name: size(requiredString, 1, 100),
  expires_days: optional(nullable(union([literal(30), literal(90), literal(365)]))),
  permissions: ApiTokenPermissions,
});
export type ApiTokenCreateBody = Infer<typeof ApiTokenCreateBody>;

/** A token as listed: never its secret, only the first characters (`prefix`) to tell it apart. */
export const ApiToken = object({
  id: Id,
  name: string(),
  prefix: string(),
  permissions: object(Object.fromEntries(AREAS.map((area) => [area, enums(['none', 'view', 'edit'] as const)])) as Record<Area, typeof PermissionLevel>),
  created_at: string(),
  expires_at: nullable(string()),
  last_used_at: nullable(string()),
});
export type ApiToken = Infer<typeof ApiToken>;

export const ApiTokenList = object({ results: array(ApiToken) });
export type ApiTokenList = Infer<typeof ApiTokenList>;

/** The answer of a create: the token itself, this once. */
export const ApiTokenCreated = object({ ...ApiToken.schema, token: string() });
export type ApiTokenCreated = Infer<typeof ApiTokenCreated>;
