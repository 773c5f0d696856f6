/*
 * Two-factor codes (issue 40): RFC 6238 TOTP (otplib) with a secret per user, ten one-time recovery codes, and the
 * challenge a password sign-in of an enrolled user answers instead of tokens. A code is accepted once: the time step of
 * the last accepted code is stored, and a code of that step or an earlier one is refused (a replay within its window).
 * The secret is sealed with TWO_FACTOR_KEY when the server has one (AES-256-GCM), so that a database dump alone does not
 * give it away; without the key it is stored as it is ("plain:").
 */
import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';
import { sql, type SQL } from 'drizzle-orm';
import { generateSecret, generateURI, verify } from 'otplib';
import type { Db } from '../db/index.ts';
import { readTwoFactorCode } from '../../src/services/schemas/twoFactor.ts';

type Executor = Pick<Db, 'execute'>;

/** The name authenticator apps show above the code. */
export const TOTP_ISSUER = 'Vitrine';
/** A challenge lives this long: the time to open the app and type a code. */
export const CHALLENGE_SECONDS = 300;
export const RECOVERY_CODE_COUNT = 10;
/** One step each side of now: a code typed as it turned over, or a clock a little off, still works. */
const TOLERANCE_SECONDS = 30;

const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');

/** Seals a secret for the database: "v1:<iv>.<tag>.<ciphertext>" (base64url) with a key, else "plain:<secret>". */
export function sealSecret(secret: string, key: string | undefined): string {
  if (!key) return `plain:${secret}`;
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', createHash('sha256').update(key).digest(), iv);
  const sealed = Buffer.concat([cipher.update(secret, 'utf8'), cipher.final()]);
  return `v1:${iv.toString('base64url')}.${cipher.getAuthTag().toString('base64url')}.${sealed.toString('base64url')}`;
}

/** The secret of a sealed value; throws when it was sealed with another key (or the key is missing). */
export function openSecret(stored: string, key: string | undefined): string {
  if (stored.startsWith('plain:')) return stored.slice('plain:'.length);
  if (!stored.startsWith('v1:') || !key) throw new Error('The two-factor secret is sealed: set TWO_FACTOR_KEY to the key it was sealed with.');
  const [iv, tag, sealed] = stored.slice(3).split('.');
  const decipher = createDecipheriv('aes-256-gcm', createHash('sha256').update(key).digest(), Buffer.from(iv!, 'base64url'));
  decipher.setAuthTag(Buffer.from(tag!, 'base64url'));
  return Buffer.concat([decipher.update(Buffer.from(sealed!, 'base64url')), decipher.final()]).toString('utf8');
}

/** A new secret (base32, 160 bits) and its otpauth URI for an authenticator app. */
export function newEnrolment(username: string): { secret: string; otpauthUri: string } {
  const secret = generateSecret();
  return { secret, otpauthUri: generateURI({ issuer: TOTP_ISSUER, label: username, secret }) };
}

/** What a user typed, as a TOTP code or a recovery code: the rule the panel's forms check too. */
export const readCode = readTwoFactorCode;

/** The time step of a valid TOTP code for the secret, or null. */
export async function totpStep(secret: string, code: string): Promise<number | null> {
  const result = await verify({ secret, token: code, epochTolerance: TOLERANCE_SECONDS });
  // A TOTP verification's valid result carries the time step the code matched (the HOTP type it is unioned with does not).
  return result.valid ? ((result as { timeStep?: number }).timeStep ?? null) : null;
}

/**
 * Accepts a TOTP code of the user's once: the stored last step moves to the code's only if it is later (one statement,
 * so two instances given the same code at once accept it once). False for a replay.
 */
export async function acceptStep(db: Executor, userId: number, step: number): Promise<boolean> {
  const updated = (await db.execute(sql`
    UPDATE users SET two_factor_last_step = ${step}
    WHERE id = ${userId} AND (two_factor_last_step IS NULL OR two_factor_last_step < ${step}) RETURNING id
  `)) as unknown as { rows: unknown[] };
  return updated.rows.length === 1;
}

const RECOVERY_ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';

/** Ten new recovery codes ("xxxxx-xxxxx", 50 bits each) replacing the user's others; answers them (shown once). */
export async function newRecoveryCodes(db: Executor, userId: number): Promise<string[]> {
  const codes = Array.from({ length: RECOVERY_CODE_COUNT }, () => {
    const bytes = randomBytes(10);
    const chars = Array.from(bytes, (byte) => RECOVERY_ALPHABET[byte % RECOVERY_ALPHABET.length]).join('');
    return `${chars.slice(0, 5)}-${chars.slice(5)}`;
  });
  await db.execute(sql`DELETE FROM two_factor_recovery_codes WHERE user_id = ${userId}`);
  await db.execute(sql`
    INSERT INTO two_factor_recovery_codes (user_id, code_hash)
    VALUES ${sql.join(codes.map((code) => sql`(${userId}, ${sha256(code.replace('-', ''))})`), sql`, `)}
  `);
  return codes;
}

/** Spends one of the user's unused recovery codes (compact form): false when it is not one of them or was used. */
export async function spendRecoveryCode(db: Executor, userId: number, compact: string): Promise<boolean> {
  const spent = (await db.execute(sql`
    UPDATE two_factor_recovery_codes SET used_at = now()
    WHERE id = (SELECT id FROM two_factor_recovery_codes WHERE user_id = ${userId} AND code_hash = ${sha256(compact)} AND used_at IS NULL LIMIT 1)
      AND used_at IS NULL
    RETURNING id
  `)) as unknown as { rows: unknown[] };
  return spent.rows.length === 1;
}

export async function recoveryCodesLeft(db: Executor, userId: number): Promise<number> {
  const result = (await db.execute(sql`SELECT count(*)::int AS left FROM two_factor_recovery_codes WHERE user_id = ${userId} AND used_at IS NULL`)) as unknown as { rows: { left: number }[] };
  return Number(result.rows[0]?.left ?? 0);
}

/**
 * Checks a code the user typed against their enrolled secret (or a recovery code), accepting it once. Answers how it
 * was accepted, or null for a wrong, malformed or replayed code.
 */
export async function checkUserCode(db: Executor, key: string | undefined, user: { id: number; twoFactorSecret: string | null }, typed: string): Promise<'totp' | 'recovery' | null> {
  if (!user.twoFactorSecret) return null;
  const read = readCode(typed);
  if (!read) return null;
  if (read.kind === 'recovery') return (await spendRecoveryCode(db, user.id, read.code)) ? 'recovery' : null;
  const step = await totpStep(openSecret(user.twoFactorSecret, key), read.code);
  if (step === null) return null;
  return (await acceptStep(db, user.id, step)) ? 'totp' : null;
}

/** A new challenge for the user (the value is answered once; its SHA-256 is kept). */
export async function newChallenge(db: Executor, userId: number): Promise<string> {
  const value = randomBytes(32).toString('base64url');
  await db.execute(sql`DELETE FROM two_factor_challenges WHERE expires_at < now() - interval '1 day'`);
  await db.execute(sql`
    INSERT INTO two_factor_challenges (user_id, challenge_hash, expires_at)
    VALUES (${userId}, ${sha256(value)}, now() + make_interval(secs => ${CHALLENGE_SECONDS}))
  `);
  return value;
}

/** The user a live, unspent challenge is bound to, or null. */
export async function challengeUser(db: Executor, value: string): Promise<{ id: number; userId: number } | null> {
  const result = (await db.execute(sql`
    SELECT id, user_id FROM two_factor_challenges WHERE challenge_hash = ${sha256(value)} AND used_at IS NULL AND expires_at > now()
  `)) as unknown as { rows: { id: number; user_id: number }[] };
  const row = result.rows[0];
  return row ? { id: Number(row.id), userId: Number(row.user_id) } : null;
}

/** Spends a challenge: false when another request spent it first. */
export async function spendChallenge(db: Executor, id: number): Promise<boolean> {
  const spent = (await db.execute(sql`UPDATE two_factor_challenges SET used_at = now() WHERE id = ${id} AND used_at IS NULL RETURNING id`)) as unknown as { rows: unknown[] };
  return spent.rows.length === 1;
}

/**
 * How a company's requirement holds a user who has no second factor: 'none' (enrolled, user 1, or no company of theirs
 * requires codes), 'password' (held in password sessions; single sign-on sessions are exempt), 'always' (a company of
 * theirs also asks it of single sign-on: require_two_factor_sso, migration 0055). User 1's access does not come from
 * groups: the requirement does not cover it (their way back in).
 */
export type EnrolRequirement = 'none' | 'password' | 'always';

/** The requirement of the user whose id is the SQL `userId` (a column or a parameter), as a text column. */
export function enrolRequirementSql(userId: SQL): SQL<EnrolRequirement> {
  return sql<EnrolRequirement>`(SELECT CASE
      WHEN ${userId} = 1 OR bool_or(x.two_factor_enabled_at IS NOT NULL) OR count(c.id) = 0 THEN 'none'
      WHEN bool_or(c.require_two_factor_sso) THEN 'always' ELSE 'password' END
    FROM users x
    LEFT JOIN user_group_members m ON m.user_id = x.id
    LEFT JOIN user_group_companies gc ON gc.group_id = m.group_id
    LEFT JOIN companies c ON c.id = gc.company_id AND c.require_two_factor
    WHERE x.id = ${userId})`;
}

/** Whether the requirement holds a session begun this way ('oidc' for single sign-on) or an API token (undefined). */
export function isHeld(requirement: EnrolRequirement | undefined, signInMethod: string | undefined): boolean {
  return requirement === 'always' || (requirement === 'password' && signInMethod !== 'oidc');
}

/** The user's requirement: see EnrolRequirement. */
export async function enrolRequirement(db: Executor, userId: number): Promise<EnrolRequirement> {
  const result = (await db.execute(sql`SELECT ${enrolRequirementSql(sql`${userId}::int`)} AS requirement`)) as unknown as { rows: { requirement: EnrolRequirement | null }[] };
  return result.rows[0]?.requirement ?? 'none';
}
