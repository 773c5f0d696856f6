import type { AccessPayload } from './schemas/auth.ts';

export type { AccessPayload };

/** Raised for a token that cannot be parsed; the message ends with the parse failure. */
export class InvalidTokenError extends Error {
  constructor(parseMessage: string) {
    super(`Invalid token specified: ${parseMessage}`);
    this.name = 'InvalidTokenError';
  }
}

function base64UrlDecode(part: string): string {
  const base64 = part.replace(/-/g, '+').replace(/_/g, '/');
  const padded = base64.padEnd(base64.length + ((4 - (base64.length % 4)) % 4), '=');
  const binary = atob(padded);
  const bytes = Uint8Array.from(binary, (char) => char.charCodeAt(0));
  return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/** Decodes (without verifying) the payload of an access token. Throws InvalidTokenError. */
export function decodeToken(token: string): AccessPayload {
  if (typeof token !== 'string') throw new InvalidTokenError('must be a string');
  const parts = token.split('.');
  if (parts.length !== 3) throw new InvalidTokenError(`expected 3 parts separated by ".", got ${parts.length}`);
  let json: string;
  try {
    json = base64UrlDecode(parts[1]!);
  } catch (error) {
    throw new InvalidTokenError(`invalid base64 for part #2 (${messageOf(error)})`);
  }
  let payload: unknown;
  try {
    payload = JSON.parse(json);
  } catch (error) {
    throw new InvalidTokenError(`invalid json for part #2 (${messageOf(error)})`);
  }
  if (typeof payload !== 'object' || payload === null || Array.isArray(payload)) {
    throw new InvalidTokenError('the payload is not an object');
  }
  const userId = (payload as { user_id?: unknown }).user_id;
  if (typeof userId !== 'number' || !Number.isInteger(userId)) {
    throw new InvalidTokenError('the payload has no numeric user_id');
  }
  return payload as AccessPayload;
}

/** The user id of a token, or null when the token is absent or unparsable. */
export function userIdOf(token: string | null | undefined): number | null {
  if (!token) return null;
  try {
    return decodeToken(token).user_id;
  } catch {
    return null;
  }
}
