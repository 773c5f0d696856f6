import { createHash, randomBytes, randomUUID, timingSafeEqual } from 'node:crypto';
import { and, eq, isNull, sql } from 'drizzle-orm';
import { SignJWT, jwtVerify, errors as joseErrors } from 'jose';
import type { Db } from '../db/index.ts';
import { refreshTokens, settings } from '../db/schema.ts';
import { unauthorized } from '../errors.ts';
import type { AccessPayload, TokenPair } from '../../src/services/schemas/auth.ts';

export interface TokenService {
  issue(userId: number, familyId?: string): Promise<TokenPair>;
  verifyAccess(token: string): Promise<AccessPayload>;
  rotate(refresh: string): Promise<TokenPair>;
  revoke(refresh: string): Promise<void>;
}

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

export async function createTokenService(db: Db, ttl: { accessSeconds: number; refreshSeconds: number }): Promise<TokenService> {
  const key = await signingKey(db);

  async function issue(userId: number, familyId: string = randomUUID()): Promise<TokenPair> {
    const access = await new SignJWT({ user_id: userId, token_type: 'access' })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setIssuedAt()
      .setJti(randomUUID())
      .setExpirationTime(`${ttl.accessSeconds}s`)
      .sign(key);
    const id = randomUUID();
    const secret = randomBytes(32).toString('base64url');
    await db.insert(refreshTokens).values({
      id,
      familyId,
      userId,
      tokenHash: sha256(secret),
      expiresAt: new Date(Date.now() + ttl.refreshSeconds * 1000),
    });
    return { access, refresh: `${id}.${secret}` };
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
      if (verified.size >= VERIFIED_TOKENS) verified.delete(verified.keys().next().value!);
      verified.set(token, payload as unknown as AccessPayload);
      return payload as unknown as AccessPayload;
    } catch (error) {
      if (error instanceof joseErrors.JWTExpired) throw unauthorized('token_expired', 'Access token has expired.');
      throw unauthorized('token_not_valid', 'Token is invalid or expired.');
    }
  }

  async function findValid(refresh: string) {
    const { id, secret } = splitRefresh(refresh);
    const [row] = await db.select().from(refreshTokens).where(eq(refreshTokens.id, id));
    const presented = Buffer.from(sha256(secret));
    if (!row || !timingSafeEqual(presented, Buffer.from(row.tokenHash))) {
      throw unauthorized('token_not_valid', 'Token is invalid or expired.');
    }
    return row;
  }

  async function revokeFamily(familyId: string) {
    await db
      .update(refreshTokens)
      .set({ revokedAt: sql`now()` })
      .where(and(eq(refreshTokens.familyId, familyId), isNull(refreshTokens.revokedAt)));
  }

  async function rotate(refresh: string): Promise<TokenPair> {
    const row = await findValid(refresh);
    if (row.revokedAt) throw unauthorized('token_revoked', 'Token has been revoked.');
    if (row.expiresAt.getTime() <= Date.now()) throw unauthorized('token_not_valid', 'Token is invalid or expired.');
    // Spend atomically: of two concurrent presentations only one wins; the other is treated as reuse.
    const spent = await db
      .update(refreshTokens)
      .set({ spentAt: sql`now()` })
      .where(and(eq(refreshTokens.id, row.id), isNull(refreshTokens.spentAt), isNull(refreshTokens.revokedAt)))
      .returning({ id: refreshTokens.id });
    if (spent.length === 0) {
      await revokeFamily(row.familyId);
      throw unauthorized('token_reused', 'Refresh token was already used; the session has been revoked.');
    }
    return issue(row.userId, row.familyId);
  }

  async function revoke(refresh: string): Promise<void> {
    const row = await findValid(refresh);
    await revokeFamily(row.familyId);
  }

  return { issue, verifyAccess, rotate, revoke };
}
