import { createHash, randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import * as client from 'openid-client';
import type { OidcConfig } from '../config.ts';
import type { Db } from '../db/index.ts';
import { setUserGroups } from '../db/groups.ts';
import { record } from '../domain/journal.ts';
import { ADMIN_USER_ID } from '../plugins/auth.ts';

/*
 * Vitrine as an OpenID Connect relying party (issue 40), through openid-client: the authorization code flow with PKCE,
 * `state` and `nonce`, the ID token's signature, issuer, audience and expiry checked by the library. A sign-in's two
 * legs may reach two instances: the pending sign-in (oidc_logins) and the one-time code handed to the SPA
 * (oidc_handoffs) live in the database (migration 0052). The provider's metadata and keys are cached per process:
 * they are the provider's, not state of a sign-in.
 */

/** A pending sign-in older than this is refused (state_invalid) and swept. */
export const PENDING_MINUTES = 10;
/** The one-time code the SPA exchanges for its tokens lives this long. */
export const HANDOFF_SECONDS = 60;
/** Where the user lands when they were going nowhere in particular (or somewhere that is not a page of the app). */
export const DEFAULT_LANDING = '/devices';
/** The marker stored as the password hash of a user created by single sign-on: no password verifies against it. */
export const NO_PASSWORD = '!oidc';

/** Why a callback was refused, as the SPA's sign-in page reads it (in the fragment: #error=<code>). */
export type OidcRefusal = 'state_invalid' | 'provider_error' | 'id_token_invalid' | 'no_access' | 'user_inactive';

const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');

const configurations = new Map<string, Promise<client.Configuration>>();

/** The provider's configuration (discovery), fetched once per process and settings; a failed discovery is tried again next time. */
export function relyingParty(oidc: OidcConfig): Promise<client.Configuration> {
  const key = JSON.stringify([oidc.issuer, oidc.clientId, oidc.clientSecret]);
  let found = configurations.get(key);
  if (!found) {
    const issuer = new URL(oidc.issuer);
    // An http issuer (a provider on the local network, the tests' provider) is the administrator's choice: allowed.
    const options = issuer.protocol === 'http:' ? { execute: [client.allowInsecureRequests], timeout: 10 } : { timeout: 10 };
    found = client.discovery(issuer, oidc.clientId, undefined, client.None(), options).then((discovered) => {
      // The client authenticates with its secret as the provider prefers: HTTP Basic (OAuth's default), else in the body.
      const metadata = discovered.serverMetadata();
      const methods = metadata.token_endpoint_auth_methods_supported;
      const auth = !methods || methods.includes('client_secret_basic') ? client.ClientSecretBasic(oidc.clientSecret) : client.ClientSecretPost(oidc.clientSecret);
      const configured = new client.Configuration(metadata, oidc.clientId, undefined, auth);
      if (issuer.protocol === 'http:') client.allowInsecureRequests(configured);
      configured.timeout = 10;
      return configured;
    });
    configurations.set(key, found);
    found.catch(() => configurations.delete(key));
  }
  return found;
}

/** A path of the app to land on: same origin, absolute, not the sign-in pages themselves; anything else lands on /devices. */
export function landingOf(next: unknown): string {
  if (typeof next !== 'string' || next.length > 2000 || !next.startsWith('/') || next.startsWith('//') || next.startsWith('/\\')) return DEFAULT_LANDING;
  if (/^\/(api|login)(\/|$|\?|#)/.test(next) || /[\u0000-\u001f]/.test(next)) return DEFAULT_LANDING;
  return next;
}

/** Starts a sign-in: stores it under a fresh state and answers the provider's address to send the browser to. */
export async function startSignIn(db: Db, oidc: OidcConfig, next: unknown): Promise<URL> {
  const rp = await relyingParty(oidc);
  const state = client.randomState();
  const nonce = client.randomNonce();
  const verifier = client.randomPKCECodeVerifier();
  const challenge = await client.calculatePKCECodeChallenge(verifier);
  await db.execute(sql`DELETE FROM oidc_logins WHERE created_at < now() - make_interval(mins => ${PENDING_MINUTES})`);
  await db.execute(sql`DELETE FROM oidc_handoffs WHERE expires_at < now()`);
  await db.execute(sql`INSERT INTO oidc_logins (state, nonce, code_verifier, return_to) VALUES (${state}, ${nonce}, ${verifier}, ${landingOf(next)})`);
  return client.buildAuthorizationUrl(rp, {
    redirect_uri: oidc.redirectUrl,
    scope: oidc.scopes,
    state,
    nonce,
    code_challenge: challenge,
    code_challenge_method: 'S256',
  });
}

type Pending = { state: string; nonce: string; code_verifier: string; return_to: string };

export type CallbackOutcome =
  | { signedIn: true; code: string; userId: number }
  | { signedIn: false; refusal: OidcRefusal; userId?: number };

/** The groups claim's values: an array of strings, or one string; anything else is no group. */
function groupNames(value: unknown): string[] {
  if (typeof value === 'string') return [value];
  if (Array.isArray(value)) return value.filter((item): item is string => typeof item === 'string');
  return [];
}

/** A username for a new user from the provider's claims, made unique with a number when taken. */
async function freeUsername(tx: Pick<Db, 'execute'>, claims: Record<string, unknown>): Promise<string> {
  const wanted = [claims.preferred_username, claims.email, claims.name, claims.sub].find((value): value is string => typeof value === 'string' && value.trim() !== '');
  const base = wanted!.trim().slice(0, 140);
  for (let n = 1; ; n += 1) {
    const candidate = n === 1 ? base : `${base}-${n}`;
    const taken = (await tx.execute(sql`SELECT 1 FROM users WHERE lower(username) = lower(${candidate})`)) as unknown as { rows: unknown[] };
    if (taken.rows.length === 0) return candidate;
  }
}

/**
 * Finishes a sign-in: takes the pending sign-in its state names (once), has openid-client trade the code and check the
 * ID token, maps the groups claim, links or creates the user and sets their groups, and stores a one-time code the SPA
 * exchanges for the session's tokens. Every outcome is journaled (entity session: login or refuse; user: link, create,
 * update of groups).
 */
export async function finishSignIn(db: Db, oidc: OidcConfig, query: URLSearchParams, log: (reason: string) => void): Promise<CallbackOutcome & { next: string }> {
  const state = query.get('state') ?? '';
  const refuse = async (refusal: OidcRefusal, reason: string, userId: number | null = null, extra: Record<string, unknown> = {}) => {
    log(`single sign-on refused: ${refusal} (${reason})`);
    await record(db, { userId, action: 'refuse', entity: 'session', entityId: userId, detail: { method: 'oidc', reason: refusal, cause: reason.slice(0, 300), ...extra } });
    return { signedIn: false as const, refusal, ...(userId === null ? {} : { userId }) };
  };
  const taken = (await db.execute(sql`
    DELETE FROM oidc_logins WHERE state = ${state} RETURNING state, nonce, code_verifier, return_to, created_at > now() - make_interval(mins => ${PENDING_MINUTES}) AS fresh
  `)) as unknown as { rows: (Pending & { fresh: boolean })[] };
  const pending = taken.rows[0];
  if (!state || !pending || !pending.fresh) return { ...(await refuse('state_invalid', pending ? 'the sign-in is older than 10 minutes' : 'no pending sign-in has this state')), next: DEFAULT_LANDING };
  const next = pending.return_to;
  if (query.get('error')) return { ...(await refuse('provider_error', `the provider answered ${query.get('error')}: ${query.get('error_description') ?? ''}`)), next };

  let rp: client.Configuration;
  try {
    rp = await relyingParty(oidc);
  } catch (error) {
    return { ...(await refuse('provider_error', `discovery failed: ${(error as Error).message}`)), next };
  }
  const currentUrl = new URL(oidc.redirectUrl);
  currentUrl.search = query.toString();
  let claims: Record<string, unknown>;
  let groupsClaim: unknown;
  try {
    const answer = await client.authorizationCodeGrant(rp, currentUrl, {
      pkceCodeVerifier: pending.code_verifier,
      expectedState: pending.state,
      expectedNonce: pending.nonce,
      idTokenExpected: true,
    });
    claims = answer.claims() as Record<string, unknown>;
    groupsClaim = claims[oidc.groupsClaim];
    // Many providers put the groups in the userinfo answer only (the ID token stays small).
    if (groupsClaim === undefined && rp.serverMetadata().userinfo_endpoint) {
      const info = await client.fetchUserInfo(rp, answer.access_token, claims.sub as string);
      groupsClaim = info[oidc.groupsClaim];
      claims = { ...info, ...claims };
    }
  } catch (error) {
    const known = error instanceof client.ClientError || error instanceof client.ResponseBodyError || error instanceof client.AuthorizationResponseError;
    const code = (error as { code?: string }).code ?? '';
    // Checks of the ID token (signature, issuer, audience, nonce, expiry) and of the answer: the token is not ours.
    const refusal: OidcRefusal = known && /^OAUTH_(JWT|JWS|INVALID_RESPONSE|RESPONSE_IS_NOT_CONFORM)|^OAUTH_JSON_ATTRIBUTE_COMPARISON_FAILED|CLAIM|TIMESTAMP|SIGNATURE/.test(code) ? 'id_token_invalid' : 'provider_error';
    // openid-client names the failed check in the error's cause (the claim, e.g. {claim: 'iss', expected, ...}).
    const cause = (error as { cause?: unknown }).cause;
    const said = cause && typeof cause === 'object' && !(cause instanceof Error) ? ` ${JSON.stringify(cause, (key, value) => (key === 'body' || key === 'response' ? undefined : value))}` : cause instanceof Error ? ` (${cause.message})` : '';
    return { ...(await refuse(refusal, `${code || (error as Error).name}: ${(error as Error).message}${said}`)), next };
  }
  const issuer = String(claims.iss);
  const subject = String(claims.sub);
  const names = groupNames(groupsClaim);

  type Linked = { user_id: number; is_active: boolean };
  type Decided = { refusal: 'no_access' | 'user_inactive'; userId: number | null } | { code: string; userId: number };
  const outcome = await db.transaction(async (tx): Promise<Decided> => {
    // One decision at a time per identity, on every instance (two first sign-ins must not make two users).
    await tx.execute(sql`SELECT pg_advisory_xact_lock(74204, hashtext(${issuer} || ' ' || ${subject}))`);
    const mapped = names.length
      ? ((await tx.execute(sql`
          SELECT DISTINCT group_id FROM oidc_group_mappings WHERE provider_group IN (${sql.join(names.map((name) => sql`${name}`), sql`, `)}) ORDER BY group_id
        `)) as unknown as { rows: { group_id: number }[] }).rows.map((row) => row.group_id)
      : [];
    const linked = ((await tx.execute(sql`
      SELECT i.user_id, u.is_active FROM oidc_identities i JOIN users u ON u.id = i.user_id WHERE i.issuer = ${issuer} AND i.subject = ${subject}
    `)) as unknown as { rows: Linked[] }).rows[0];
    if (linked && !linked.is_active) return { refusal: 'user_inactive' as const, userId: linked.user_id };
    // The administrator (user 1) signs in whatever their groups: their rights are not a group's.
    if (mapped.length === 0 && linked?.user_id !== ADMIN_USER_ID) {
      if (linked) {
        // The provider took every mapped group away: so does Vitrine, and the sign-in is refused.
        const before = await groupsOf(tx, linked.user_id);
        if (before.length) {
          await setUserGroups(tx, linked.user_id, []);
          await record(tx, { userId: linked.user_id, action: 'update', entity: 'user', entityId: linked.user_id, before: { groups: before }, after: { groups: [] }, detail: { method: 'oidc' } });
        }
      }
      return { refusal: 'no_access' as const, userId: linked?.user_id ?? null };
    }
    let userId: number;
    if (linked) {
      userId = linked.user_id;
      if (userId !== ADMIN_USER_ID) {
        const before = await groupsOf(tx, userId);
        if (before.join() !== mapped.join()) {
          await setUserGroups(tx, userId, mapped);
          await record(tx, { userId, action: 'update', entity: 'user', entityId: userId, before: { groups: before }, after: { groups: mapped }, detail: { method: 'oidc' } });
        }
      }
      await tx.execute(sql`UPDATE oidc_identities SET last_sign_in_at = now() WHERE issuer = ${issuer} AND subject = ${subject}`);
    } else {
      const username = await freeUsername(tx, claims);
      const created = (await tx.execute(sql`INSERT INTO users (username, password_hash) VALUES (${username}, ${NO_PASSWORD}) RETURNING id`)) as unknown as { rows: { id: number }[] };
      userId = created.rows[0]!.id;
      await setUserGroups(tx, userId, mapped);
      await tx.execute(sql`INSERT INTO oidc_identities (issuer, subject, user_id, last_sign_in_at) VALUES (${issuer}, ${subject}, ${userId}, now())`);
      await record(tx, { userId, action: 'create', entity: 'user', entityId: userId, after: { username, groups: mapped }, detail: { method: 'oidc' } });
      await record(tx, { userId, action: 'link', entity: 'user', entityId: userId, detail: { method: 'oidc', issuer, subject } });
    }
    const code = randomBytes(32).toString('base64url');
    await tx.execute(sql`
      INSERT INTO oidc_handoffs (code_hash, user_id, return_to, expires_at) VALUES (${sha256(code)}, ${userId}, ${next}, now() + make_interval(secs => ${HANDOFF_SECONDS}))
    `);
    return { code, userId };
  });
  if ('refusal' in outcome) return { ...(await refuse(outcome.refusal, outcome.refusal === 'no_access' ? `no mapped group in ${JSON.stringify(names).slice(0, 200)}` : 'the user is inactive', outcome.userId, { issuer, subject })), next };
  return { signedIn: true, code: outcome.code, userId: outcome.userId, next };
}

async function groupsOf(tx: Pick<Db, 'execute'>, userId: number): Promise<number[]> {
  const rows = (await tx.execute(sql`SELECT group_id FROM user_group_members WHERE user_id = ${userId} ORDER BY group_id`)) as unknown as { rows: { group_id: number }[] };
  return rows.rows.map((row) => row.group_id);
}

/** Takes a one-time code (once, within HANDOFF_SECONDS): the user it signs in and where they were going, or undefined. */
export async function takeHandoff(db: Db, code: string): Promise<{ userId: number; next: string } | undefined> {
  const taken = (await db.execute(sql`
    DELETE FROM oidc_handoffs WHERE code_hash = ${sha256(code)} RETURNING user_id, return_to, expires_at > now() AS fresh
  `)) as unknown as { rows: { user_id: number; return_to: string; fresh: boolean }[] };
  const row = taken.rows[0];
  return row?.fresh ? { userId: row.user_id, next: row.return_to } : undefined;
}
