import type { FieldErrors } from '../form/form.machine.ts';
import { passwordWeakness, USERNAME_PATTERN } from '../../services/schemas/users.ts';

/** The username rule of the shared schema: 1 to 150 letters, digits and _ . @ + -. */
export function usernameError(username: string): string | null {
  if (!username.trim()) return 'required';
  if (username.length > 150) return 'out_of_range';
  return USERNAME_PATTERN.test(username) ? null : 'invalid_format';
}

/** The password rule: 8 to 128 characters, then the strength rule the server applies too (passwordWeakness). */
export function passwordError(password: string, username?: string): string | null {
  if (!password) return 'required';
  if (password.length < 8 || password.length > 128) return 'out_of_range';
  return passwordWeakness(password, username);
}

export function errorsOf(entries: [string, string | null][]): FieldErrors {
  return Object.fromEntries(entries.filter((entry): entry is [string, string] => entry[1] !== null));
}
