import { DEFAULT_PAGE_SIZE } from './config.ts';
import { ApiRequestError, api, parseResponse } from './http.ts';
import type { PageOf } from './schemas/common.ts';
import { User, UserPage } from './schemas/users.ts';
import { writeOutcome, type WriteOutcome } from './writeOutcome.ts';

export type { User };

export type UserWriteFailure = 'usernameTaken' | 'validation' | 'wrongPassword';
export type UserWriteResult =
  | { ok: true; user: User }
  | { ok: false; reason: UserWriteFailure; fields?: Record<string, string> };
export type DeleteUserResult = { ok: true } | { ok: false; reason: 'cannotDeleteAdmin' };

const WRITE_FAILURES: Record<string, UserWriteFailure> = {
  username_taken: 'usernameTaken',
  validation_error: 'validation',
  wrong_password: 'wrongPassword',
};

/** Resolves the refusals a form can show next to its fields; everything else rejects. */
async function write(send: () => Promise<unknown>): Promise<UserWriteResult> {
  try {
    return { ok: true, user: parseResponse(User, await send()) };
  } catch (error) {
    const reason = error instanceof ApiRequestError ? WRITE_FAILURES[error.code] : undefined;
    if (reason && error instanceof ApiRequestError) {
      return error.fields ? { ok: false, reason, fields: error.fields } : { ok: false, reason };
    }
    throw error;
  }
}

/** GET /users/ (paged). */
export async function listUsers(params: { page?: number; page_size?: number } = {}): Promise<PageOf<User>> {
  const query = { page: params.page ?? 1, page_size: params.page_size ?? DEFAULT_PAGE_SIZE };
  return parseResponse(UserPage, await api('/users/', { query }));
}

/** POST /users/: the fields plus `user` as the original client sends it. Administrator only. */
export function createUser(fields: { username: string; password: string }): Promise<UserWriteResult> {
  return write(() => api('/users/', { method: 'POST', body: { username: fields.username, password: fields.password, user: 1 } }));
}

/** DELETE /users/{id}/. The administrator account cannot be deleted. */
export async function deleteUser(id: number): Promise<DeleteUserResult> {
  try {
    await api(`/users/${id}/`, { method: 'DELETE' });
    return { ok: true };
  } catch (error) {
    if (error instanceof ApiRequestError && error.code === 'cannot_delete_admin') return { ok: false, reason: 'cannotDeleteAdmin' };
    throw error;
  }
}

/** POST /users/set_username/: id plus the new username. */
export function setUsername(id: number, username: string): Promise<UserWriteResult> {
  return write(() => api('/users/set_username/', { method: 'POST', body: { id, username } }));
}

/** POST /users/set_password/: id plus the new password; `currentPassword` is required for one's own account. */
export function setPassword(id: number, password: string, currentPassword?: string): Promise<UserWriteResult> {
  const body = currentPassword === undefined ? { id, password } : { id, password, current_password: currentPassword };
  return write(() => api('/users/set_password/', { method: 'POST', body }));
}

/** POST /users/ with groups, as the users screen's add form sends it: refusals resolve, others reject. */
export function addUser(fields: { username: string; password: string; groups: number[] }): Promise<WriteOutcome<User>> {
  return writeOutcome(api('/users/', { method: 'POST', body: { ...fields, user: 1 } }).then((answer) => parseResponse(User, answer)));
}

/** PUT /users/{id}/: the active flag and the groups. Deactivation ends the user's sessions. */
export function updateUser(id: number, body: { is_active?: boolean; groups?: number[] }): Promise<WriteOutcome<User>> {
  return writeOutcome(api(`/users/${id}/`, { method: 'PUT', body }).then((answer) => parseResponse(User, answer)));
}

/** POST /users/set_username/ as a form outcome. */
export function renameUser(id: number, username: string): Promise<WriteOutcome<User>> {
  return writeOutcome(api('/users/set_username/', { method: 'POST', body: { id, username } }).then((answer) => parseResponse(User, answer)));
}

/** POST /users/set_password/ as a form outcome (the administrator resets another user's password: no current one). */
export function resetPassword(id: number, password: string): Promise<WriteOutcome<User>> {
  return writeOutcome(api('/users/set_password/', { method: 'POST', body: { id, password } }).then((answer) => parseResponse(User, answer)));
}
