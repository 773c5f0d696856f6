import { createHash, randomBytes, randomUUID, timingSafeEqual } from 'node:crypto';
import { and, eq, isNull, sql } from 'drizzle-orm';
import { SignJWT, jwtVerify, errors as joseErrors } from 'jose';
import type { Db } from '../db/index.ts';
import { refreshTokens, settings, users } from '../db/schema.ts';
import { unauthorized } from '../errors.ts';
import type { AccessPayload, TokenPair } from '../../src/services/schemas/auth.ts';

/** How a session began (refresh_tokens.sign_in_method, the access token's claim `sim`). */
export type SignInMethod = 'password' | 'oidc';

export interface TokenService {
  /** A new session (a new family unless one is given) for the user, begun by `method` (default 'password'). */
  issue(userId: number, familyId?: string, method?: SignInMethod): Promise<TokenPair>;
  verifyAccess(token: string): Promise<AccessPayload>;
  rotate(refresh: string): Promise<TokenPair>;
  revoke(refresh: string): Promise<void>;
  /**
   * Ends every session of a user but `keepFamily` (the one making the change, or null for none), in one transaction
   * with `change` to the user's row (a new password hash, deactivation): every other refresh family is revoked and the
   * token generation raised, so older access tokens are refused (see tokenIsCurrent in caches.ts).
   */
  endSessions(userId: number, keepFamily: string | null, change?: Partial<Pick<typeof users.$inferInsert, 'passwordHash' | 'isActive'>>): Promise<boolean>;
}

type Executor = Pick<Db, 'select' | 'insert' | 'update' | 'execute'>;

/** Serialises every decision about one refresh family (rotate, reuse, logout) across connections and instances. */
const lockFamily = (tx: Executor, familyId: string) => tx.execute(sql`SELECT pg_advisory_xact_lock(74202, hashtext(${familyId}::text))`);

/** How many verified access tokens an instance remembers (the oldest is forgotten first): a few MB at most. */
const VERIFIED_TOKENS = 10_000;

const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');

/** The signing key is kept in the database so that every instance behind a load balancer shares it. */
async function signingKey(db: Db): Promise<Uint8Array> {
  const candidate = randomBytes(48).toString('base64url');
  await db.insert(settings).values({ key: 'jwt_secret', value: candidate }).onConflictDoNothing();
  const [row] = await db.select().from(settings).where(eq(settings.key, 'jwt_secret'));
  return new TextEncoder().encode(row!.value);
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

function splitRefresh(refresh: string): { id: string; secret: string } {
  const [id, secret] = refresh.split('.');
  if (!id || !secret || !UUID.test(id)) throw unauthorized('token_not_valid', 'Token is invalid or expired.');
  return { id, secret };
}

/**
 * Whether a refresh family (a session) is still open: one of its tokens is not revoked. A logout or a reuse revokes
 * every token of the family, and so ends the access tokens minted in it too (requireUser asks this, cached for
 * CACHE_TTL_MS). Tokens are never deleted, so an open session's rows are there for as long as its access tokens live.
 */
export async function familyIsOpen(db: Pick<Db, 'execute'>, familyId: string): Promise<boolean> {
  if (!UUID.test(familyId)) return false;
  const result = (await db.execute(
    sql`SELECT EXISTS (SELECT 1 FROM refresh_tokens WHERE family_id = ${familyId}::uuid AND revoked_at IS NULL) AS open`,
  )) as unknown as { rows: { open: boolean }[] };
  return result.rows[0]?.open === true;
}

export async function createTokenService(
  db: Db,
  ttl: { accessSeconds: number; refreshSeconds: number },
  /** Called after a family was revoked through this service (logout, reuse), once its transaction committed. */
  onFamilyRevoked: (familyId: string) => void = () => {},
): Promise<TokenService> {
  const key = await signingKey(db);

  async function mint(tx: Executor, userId: number, familyId: string, generation: number, method: string): Promise<TokenPair> {
    const access = await new SignJWT({ user_id: userId, token_type: 'access', gen: generation, fid: familyId, sim: method })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setIssuedAt()
      .setJti(randomUUID())
      .setExpirationTime(`${ttl.accessSeconds}s`)
      .sign(key);
    const id = randomUUID();
    const secret = randomBytes(32).toString('base64url');
    await tx.insert(refreshTokens).values({
      id,
      familyId,
      userId,
      tokenHash: sha256(secret),
      expiresAt: new Date(Date.now() + ttl.refreshSeconds * 1000),
      signInMethod: method,
    });
    return { access, refresh: `${id}.${secret}` };
  }

  /** The user's token generation, read under a share lock that endSessions' update waits for (and that waits for it). */
  async function sessionOf(tx: Executor, userId: number): Promise<{ generation: number; isActive: boolean } | undefined> {
    const [row] = await tx
      .select({ generation: users.tokenGeneration, isActive: users.isActive })
      .from(users)
      .where(eq(users.id, userId))
      .for('share');
    return row;
  }

  async function issue(userId: number, familyId: string = randomUUID(), method: SignInMethod = 'password'): Promise<TokenPair> {
    return db.transaction(async (tx) => {
      const session = await sessionOf(tx, userId);
      if (!session?.isActive) throw unauthorized('user_inactive', 'User is inactive or deleted.');
      return mint(tx, userId, familyId, session.generation, method);
    });
  }

  // Access tokens whose signature this instance has checked, with their claims. A signed token cannot change, so a
  // signature is checked once per token rather than on every request (WebCrypto's HMAC took about 0.3 ms a call, on
  // the thread pool); the expiry is still checked on every use, the way jose checks it.
  const verified = new Map<string, AccessPayload>();

  async function verifyAccess(token: string): Promise<AccessPayload> {
    const known = verified.get(token);
    if (known) {
      if (known.exp > Math.floor(Date.now() / 1000)) return known;
      verified.delete(token);
      throw unauthorized('token_expired', 'Access token has expired.');
    }
    try {
      const { payload } = await jwtVerify(token, key, { algorithms: ['HS256'] });
      if (payload.token_type !== 'access' || typeof payload.user_id !== 'number' || typeof payload.exp !== 'number') throw new Error('not an access token');
      if (payload.gen !== undefined && typeof payload.gen !== 'number') throw new Error('bad generation');
      if (payload.fid !== undefined && typeof payload.fid !== 'string') throw new Error('bad family');
      if (verified.size >= VERIFIED_TOKENS) verified.delete(verified.keys().next().value!);
      verified.set(token, payload as unknown as AccessPayload);
      return payload as unknown as AccessPayload;
    } catch (error) {
      if (error instanceof joseErrors.JWTExpired) throw unauthorized('token_expired', 'Access token has expired.');
      throw unauthorized('token_not_valid', 'Token is invalid or expired.');
    }
  }

  /** The stored row of a presented refresh token whose secret matches, or undefined. */
  async function findPresented(tx: Executor, refresh: string) {
    const { id, secret } = splitRefresh(refresh);
    const [row] = await tx.select().from(refreshTokens).where(eq(refreshTokens.id, id));
    if (!row || !timingSafeEqual(Buffer.from(sha256(secret)), Buffer.from(row.tokenHash))) return undefined;
    return row;
  }

  const revokeFamily = (tx: Executor, familyId: string) =>
    tx.update(refreshTokens).set({ revokedAt: sql`now()` }).where(and(eq(refreshTokens.familyId, familyId), isNull(refreshTokens.revokedAt)));

  type Outcome = { pair: TokenPair } | { refused: 'token_not_valid' | 'token_revoked' } | { refused: 'token_reused'; family: string };

  /**
   * Spends a refresh token for a new pair of the same family. The family's lock makes the decision one at a time: of two
   * presentations of one token the second sees it spent and revokes the family, including the winner's new token (it is
   * stored before the lock is released), so no descendant of a reused token survives.
   */
  async function rotate(refresh: string): Promise<TokenPair> {
    const outcome = await db.transaction(async (tx): Promise<Outcome> => {
      const presented = await findPresented(tx, refresh);
      if (!presented) return { refused: 'token_not_valid' };
      await lockFamily(tx, presented.familyId);
      const session = await sessionOf(tx, presented.userId);
      const [row] = await tx.select().from(refreshTokens).where(eq(refreshTokens.id, presented.id));
      if (!row || !session?.isActive) return { refused: 'token_not_valid' };
      if (row.revokedAt) return { refused: 'token_revoked' };
      if (row.expiresAt.getTime() <= Date.now()) return { refused: 'token_not_valid' };
      if (row.spentAt) {
        await revokeFamily(tx, row.familyId);
        return { refused: 'token_reused', family: row.familyId };
      }
      await tx.update(refreshTokens).set({ spentAt: sql`now()` }).where(eq(refreshTokens.id, row.id));
      return { pair: await mint(tx, row.userId, row.familyId, session.generation, row.signInMethod) };
    });
    if ('pair' in outcome) return outcome.pair;
    if (outcome.refused === 'token_revoked') throw unauthorized('token_revoked', 'Token has been revoked.');
    if (outcome.refused === 'token_reused') onFamilyRevoked(outcome.family);
    if (outcome.refused === 'token_reused') throw unauthorized('token_reused', 'Refresh token was already used; the session has been revoked.');
    throw unauthorized('token_not_valid', 'Token is invalid or expired.');
  }

  async function revoke(refresh: string): Promise<void> {
    const found = await db.transaction(async (tx) => {
      const presented = await findPresented(tx, refresh);
      if (!presented) return false;
      await lockFamily(tx, presented.familyId);
      await sessionOf(tx, presented.userId);
      await revokeFamily(tx, presented.familyId);
      return presented.familyId;
    });
    if (!found) throw unauthorized('token_not_valid', 'Token is invalid or expired.');
    onFamilyRevoked(found);
  }

  async function endSessions(userId: number, keepFamily: string | null, change: Partial<Pick<typeof users.$inferInsert, 'passwordHash' | 'isActive'>> = {}): Promise<boolean> {
    return db.transaction(async (tx) => {
      // The row lock of this update orders it with every rotation of the user's families (sessionOf's share lock).
      const updated = await tx
        .update(users)
        .set({ ...change, tokenGeneration: sql`${users.tokenGeneration} + 1`, keptFamily: keepFamily })
        .where(eq(users.id, userId))
        .returning({ id: users.id });
      if (updated.length === 0) return false;
      const others = keepFamily === null ? undefined : sql`${refreshTokens.familyId} <> ${keepFamily}::uuid`;
      await tx
        .update(refreshTokens)
        .set({ revokedAt: sql`now()` })
        .where(and(eq(refreshTokens.userId, userId), isNull(refreshTokens.revokedAt), others));
      return true;
    });
  }

  return { issue, verifyAccess, rotate, revoke, endSessions };
}
