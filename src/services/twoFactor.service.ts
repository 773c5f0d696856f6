import { api, parseResponse } from './http.ts';
import { TwoFactorConfirmed, TwoFactorEnrolment, TwoFactorState } from './schemas/twoFactor.ts';
import { writeOutcome, type WriteOutcome } from './writeOutcome.ts';

export type { TwoFactorConfirmed, TwoFactorEnrolment, TwoFactorState };

/** GET /profile/two-factor/: on or off, since when, recovery codes left, whether the user's company requires them. */
export async function loadTwoFactor(): Promise<TwoFactorState> {
  return parseResponse(TwoFactorState, await api('/profile/two-factor/'));
}

/** POST /profile/two-factor/enrol/: a new secret and its otpauth URI (nothing is on until a first code confirms it). */
export async function enrolTwoFactor(): Promise<TwoFactorEnrolment> {
  return parseResponse(TwoFactorEnrolment, await api('/profile/two-factor/enrol/', { method: 'POST' }));
}

/** POST /profile/two-factor/confirm/: a first code turns the codes on and answers the ten recovery codes, this once; a wrong code resolves refused. */
export function confirmTwoFactor(code: string): Promise<WriteOutcome<TwoFactorConfirmed>> {
  return writeOutcome(api('/profile/two-factor/confirm/', { method: 'POST', body: { code: code.trim() } }).then((data) => parseResponse(TwoFactorConfirmed, data)));
}

/** POST /profile/two-factor/disable/: a current code or a recovery code turns them off; a wrong one resolves refused. */
export function disableTwoFactor(code: string): Promise<WriteOutcome<TwoFactorState>> {
  return writeOutcome(api('/profile/two-factor/disable/', { method: 'POST', body: { code: code.trim() } }).then((data) => parseResponse(TwoFactorState, data)));
}

/** DELETE /users/{id}/two-factor/ (the administrator): the user signs in with their password alone until they enrol again. */
export async function resetTwoFactor(userId: number): Promise<{ ok: true }> {
  await api(`/users/${userId}/two-factor/`, { method: 'DELETE' });
  return { ok: true };
}
