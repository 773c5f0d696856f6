import { api, parseResponse } from './http.ts';
import { Preferences, type PreferencesBody } from './schemas/profile.ts';
import { User } from './schemas/users.ts';
import { writeOutcome, type WriteOutcome } from './writeOutcome.ts';

export type { Preferences };

/** PUT /users/profile/: the signed-in user's language and theme, kept on the server. */
export async function savePreferences(body: PreferencesBody): Promise<Preferences> {
  return parseResponse(Preferences, await api('/users/profile/', { method: 'PUT', body }));
}

/** POST /users/set_username/ for one's own account; refusals (taken, invalid) resolve with their code. */
export function saveOwnUsername(id: number, username: string): Promise<WriteOutcome<User>> {
  return writeOutcome(api('/users/set_username/', { method: 'POST', body: { id, username: username.trim() } }).then((data) => parseResponse(User, data)));
}

/** POST /users/set_password/ for one's own account: the current password is required (400 wrong_password). */
export function saveOwnPassword(id: number, password: string, currentPassword: string): Promise<WriteOutcome<User>> {
  return writeOutcome(api('/users/set_password/', { method: 'POST', body: { id, password, current_password: currentPassword } }).then((data) => parseResponse(User, data)));
}
