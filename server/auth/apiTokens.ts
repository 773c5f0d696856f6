/*
 * API tokens (issue 40): `Authorization: Token <value>` (or `Bearer <value>`) for integrations. A token belongs to a
 * user, carries a subset of that user's rights (the route checks the smaller of the two: see scopeOf), may expire, and
 * is kept only as the SHA-256 of its value. Each instance trusts a token it read for at most CACHE_TTL_MS, so a revoke
 * through another instance is refused here within 2 s; through this one, at once.
 */
import { createHash, randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Db } from '../db/index.ts';
import type { ActiveUserCache, CachedApiToken } from '../caches.ts';
import { unauthorized } from '../errors.ts';
import { enrolRequirementSql, type EnrolRequirement } from './twoFactor.ts';

/** What every token starts with: a scanner (or a person) can tell a Vitrine token from other secrets. */
export const API_TOKEN_PREFIX = 'vit_';

/** A token's value: the prefix and 32 random bytes. */
export const API_TOKEN_PATTERN = /^vit_[A-Za-z0-9_-]{43}$/;

/** The last use is written at most this often per token and instance (a list shows it to the minute). */
const LAST_USE_WRITE_MS = 60_000;

export const hashApiToken = (value: string) => createHash('sha256').update(value).digest('hex');

/** A new token's value and what is stored of it. */
export function newApiToken(): { value: string; hash: string; prefix: string } {
  const value = `${API_TOKEN_PREFIX}${randomBytes(32).toString('base64url')}`;
  return { value, hash: hashApiToken(value), prefix: value.slice(0, API_TOKEN_PREFIX.length + 6) };
}

type Row = { id: number; user_id: number; name: string; permissions: unknown; expires_at: string | Date | null; last_used_at: string | Date | null; revoked_at: unknown; is_active: boolean; enrol: EnrolRequirement | null };

const time = (value: string | Date | null) => (value === null ? null : new Date(value).getTime());

/** The token presented, or 401: `token_not_valid` (unknown or of an inactive user), `token_revoked`, `token_expired`. */
export async function verifyApiToken(db: Db, cache: ActiveUserCache, value: string): Promise<CachedApiToken> {
  if (!API_TOKEN_PATTERN.test(value)) throw unauthorized('token_not_valid', 'Token is invalid or expired.');
  const hash = hashApiToken(value);
  let token = cache.apiToken(hash);
  if (!token) {
    const read = cache.beginApiToken();
    const result = (await db.execute(sql`
      SELECT t.id, t.user_id, t.name, t.permissions, t.expires_at, t.last_used_at, t.revoked_at, u.is_active,
        ${enrolRequirementSql(sql`u.id`)} AS enrol
      FROM api_tokens t JOIN users u ON u.id = t.user_id WHERE t.token_hash = ${hash}
    `)) as unknown as { rows: Row[] };
    const row = result.rows[0];
    if (!row || !row.is_active) throw unauthorized('token_not_valid', 'Token is invalid or expired.');
    if (row.revoked_at !== null) throw unauthorized('token_revoked', 'Token has been revoked.');
    const permissions = (typeof row.permissions === 'string' ? JSON.parse(row.permissions) : row.permissions) as CachedApiToken['permissions'];
    token = { id: row.id, userId: row.user_id, name: row.name, permissions, expiresAt: time(row.expires_at), lastUsedAt: time(row.last_used_at), held: (row.enrol ?? 'none') !== 'none' };
    cache.confirmApiToken(hash, read, token);
  }
  if (token.expiresAt !== null && token.expiresAt <= Date.now()) throw unauthorized('token_expired', 'Token has expired.');
  if (token.lastUsedAt === null || Date.now() - token.lastUsedAt >= LAST_USE_WRITE_MS) {
    token.lastUsedAt = Date.now();
    // Not awaited: a request does not wait for the bookkeeping; a failed write is tried again on a later use.
    db.execute(sql`UPDATE api_tokens SET last_used_at = now() WHERE id = ${token.id}`).catch(() => {
      if (token) token.lastUsedAt = null;
    });
  }
  return token;
}
