import { ApiRequestError, api, parseResponse } from './http.ts';
import { TokenPair } from './schemas/auth.ts';
import { Profile } from './schemas/users.ts';

export type { TokenPair, Profile };

export type SignInFailure = 'invalidCredentials' | 'rateLimited' | 'validation';
/** A password sign-in: tokens, a refusal, or (two-factor codes on) a challenge to answer with a code. */
export type ObtainTokensResult = { ok: true; tokens: TokenPair } | { ok: false; reason: SignInFailure } | { ok: 'challenge'; challenge: string };

export type SecondFactorFailure = 'invalidCode' | 'challengeExpired' | 'rateLimited';
export type SecondFactorResult = { ok: true; tokens: TokenPair } | { ok: false; reason: SecondFactorFailure };

const SIGN_IN_FAILURES: Record<number, SignInFailure> = { 400: 'validation', 401: 'invalidCredentials', 429: 'rateLimited' };

/** POST /auth/token-obtain/. Refused credentials resolve `{ ok: false }`; only real failures (network, 5xx) reject. */
export async function obtainTokens(credentials: { username: string; password: string }): Promise<ObtainTokensResult> {
  try {
    const data = await api('/auth/token-obtain/', {
      method: 'POST',
      body: { username: credentials.username, password: credentials.password },
    });
    if (data && typeof data === 'object' && typeof (data as { challenge?: unknown }).challenge === 'string') {
      return { ok: 'challenge', challenge: (data as { challenge: string }).challenge };
    }
    return { ok: true, tokens: parseResponse(TokenPair, data) };
  } catch (error) {
    const reason = error instanceof ApiRequestError ? SIGN_IN_FAILURES[error.status] : undefined;
    if (reason) return { ok: false, reason };
    throw error;
  }
}

/** POST /auth/token-obtain/second-factor/: the sign-in's challenge and a code (or recovery code). Refusals resolve; failures reject. */
export async function obtainSecondFactor(input: { challenge: string; code: string }): Promise<SecondFactorResult> {
  try {
    const data = await api('/auth/token-obtain/second-factor/', { method: 'POST', body: { challenge: input.challenge, code: input.code } });
    return { ok: true, tokens: parseResponse(TokenPair, data) };
  } catch (error) {
    if (!(error instanceof ApiRequestError)) throw error;
    if (error.status === 429) return { ok: false, reason: 'rateLimited' };
    if (error.status === 400) return { ok: false, reason: 'invalidCode' };
    if (error.status === 401) return { ok: false, reason: error.code === 'challenge_not_valid' ? 'challengeExpired' : 'invalidCode' };
    throw error;
  }
}

/** POST /auth/token/token-refresh/: a new access and refresh token for a refresh token. */
export async function refreshTokens(refresh: string): Promise<TokenPair> {
  return parseResponse(TokenPair, await api('/auth/token/token-refresh/', { method: 'POST', body: { refresh } }));
}

/** POST /auth/logout/: revokes the refresh token. */
export async function logout(refresh: string): Promise<void> {
  await api('/auth/logout/', { method: 'POST', body: { refresh } });
}

/** GET /users/profile/: the signed-in user. */
export async function fetchProfile(): Promise<Profile> {
  return parseResponse(Profile, await api('/users/profile/'));
}
