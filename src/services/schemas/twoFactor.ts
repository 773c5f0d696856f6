import { array, boolean, integer, min, nullable, number, object, size, string, type Infer } from 'superstruct';
import { requiredString } from './common.ts';

/** GET /profile/two-factor/: whether the user has a second factor, since when, recovery codes left, and whether their company requires one. */
export const TwoFactorState = object({
  enabled: boolean(),
  enabled_at: nullable(string()),
  recovery_codes_left: min(integer(), 0),
  required: boolean(),
});
export type TwoFactorState = Infer<typeof TwoFactorState>;

/** POST /profile/two-factor/enrol/: a new secret, for manual entry, and its otpauth URI, drawn as a QR code. */
export const TwoFactorEnrolment = object({ secret: string(), otpauth_uri: string() });
export type TwoFactorEnrolment = Infer<typeof TwoFactorEnrolment>;

/** A code the user typed: six digits from the app, or (where a recovery code is accepted) one of theirs. */
export const TwoFactorCodeBody = object({ code: size(requiredString, 1, 40) });
export type TwoFactorCodeBody = Infer<typeof TwoFactorCodeBody>;

/** POST /profile/two-factor/confirm/: the ten recovery codes, this once. */
export const TwoFactorConfirmed = object({ recovery_codes: array(string()) });
export type TwoFactorConfirmed = Infer<typeof TwoFactorConfirmed>;

/** What a password sign-in of an enrolled user answers instead of tokens. */
export const SecondFactorChallenge = object({ challenge: string(), expires_in: number() });
export type SecondFactorChallenge = Infer<typeof SecondFactorChallenge>;

/** POST /auth/token-obtain/second-factor/. */
export const SecondFactorBody = object({ challenge: size(requiredString, 1, 200), code: size(requiredString, 1, 40) });
export type SecondFactorBody = Infer<typeof SecondFactorBody>;

/** What a user typed, as a TOTP code (six digits, spaces left out) or a recovery code (ten letters and digits, a dash optional, any case). */
export function readTwoFactorCode(typed: string): { kind: 'totp'; code: string } | { kind: 'recovery'; code: string } | null {
  const compact = typed.replace(/[\s-]/g, '').toLowerCase();
  if (/^\d{6}$/.test(compact)) return { kind: 'totp', code: compact };
  if (/^[a-z0-9]{10}$/.test(compact)) return { kind: 'recovery', code: compact };
  return null;
}
