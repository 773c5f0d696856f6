import { boolean, object, optional, string, type Infer } from 'superstruct';
import { requiredString } from './common.ts';

export const TokenObtainBody = object({
  username: requiredString,
  password: requiredString,
  remember: optional(boolean()),
});
export type TokenObtainBody = Infer<typeof TokenObtainBody>;

export const TokenPair = object({ access: string(), refresh: string() });
export type TokenPair = Infer<typeof TokenPair>;

export const RefreshBody = object({ refresh: requiredString });
export type RefreshBody = Infer<typeof RefreshBody>;

/** The access-token payload both sides rely on. */
export interface AccessPayload {
  user_id: number;
  exp: number;
  iat: number;
  token_type: 'access';
  /** The user's token generation when the token was minted (absent in tokens older than migration 0008: 0). */
  gen?: number;
  /** The refresh family (session) the token belongs to. */
  fid?: string;
  /** How the session began: 'password' or 'oidc' (single sign-on); absent in tokens older than migration 0052 ('password'). */
  sim?: string;
}
