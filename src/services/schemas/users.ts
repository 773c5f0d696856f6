import { array, boolean, enums, integer, max, min, nullable, object, optional, pattern, size, string, type Infer } from 'superstruct';
import { Access } from './groups.ts';
import { Id, Page, requiredString } from './common.ts';
import { PREFERENCE_LANGUAGES } from './profile.ts';
import { THEME_NAMES } from '../../machines/theme.names.ts';

export const USERNAME_PATTERN = /^[\p{L}\p{N}_.@+-]+$/u;
export const Username = size(pattern(string(), USERNAME_PATTERN), 1, 150);
export const Password = size(string(), 8, 128);

export const User = object({
  id: Id,
  username: string(),
  is_active: boolean(),
  is_admin: boolean(),
  date_joined: string(),
  /** The groups the user belongs to (ids); their rights are the union of these groups'. Always sent by this server. */
  groups: optional(array(Id)),
  /** Whether the user has a second factor (two-factor codes); the administrator may reset it. Always sent by this server. */
  two_factor: optional(boolean()),
});
export type User = Infer<typeof User>;

export const UserPage = Page(User);

/** The signed-in user as GET /users/profile/ answers it, with their rights (`access`) for the SPA to hide what they may not do. */
export const Profile = object({
  id: Id,
  username: string(),
  is_active: boolean(),
  is_admin: boolean(),
  date_joined: string(),
  /** Always sent by this server; optional so that a profile from an older server (or a test fixture) still reads. */
  groups: optional(array(Id)),
  access: optional(Access),
  /** Interface preferences kept on the server (null: not chosen); optional like groups. */
  language: optional(nullable(enums(PREFERENCE_LANGUAGES))),
  theme: optional(nullable(enums(THEME_NAMES))),
  /** Two-factor codes: whether they are on, and whether the user must set them up before anything else (their company requires them). */
  two_factor: optional(object({ enabled: boolean(), required: boolean() })),
});
export type Profile = Infer<typeof Profile>;

/** Most groups one user belongs to. */
export const MAX_USER_GROUPS = 100;

/** Passwords everyone tries first: refused whatever their length. */
const COMMON_PASSWORDS = new Set(['password', 'password1', 'password123', '12345678', '123456789', '1234567890', 'qwerty123', 'qwertyuiop', 'iloveyou', '11111111', '00000000', 'abc12345', 'admin123', 'letmein1', 'welcome1']);

/**
 * The password strength rule (server and SPA alike): 8 to 128 characters (the Password schema), at least two kinds of
 * character among letters, digits and others, not a well-known password and not the username. Answers the field code.
 */
export function passwordWeakness(password: string, username?: string): 'weak_password' | null {
  const kinds = [/\p{L}/u, /\p{N}/u, /[^\p{L}\p{N}]/u].filter((kind) => kind.test(password)).length;
  const lower = password.toLowerCase();
  if (kinds < 2 || COMMON_PASSWORDS.has(lower) || (username !== undefined && lower === username.toLowerCase())) return 'weak_password';
  return null;
}

export const UserCreateBody = object({
  username: Username,
  password: Password,
  /** The spec sends user: 1 with every create; accepted as sent. */
  user: optional(nullable(min(max(integer(), 2147483647), 0))),
  groups: optional(size(array(Id), 0, MAX_USER_GROUPS)),
});
export type UserCreateBody = Infer<typeof UserCreateBody>;

export const SetUsernameBody = object({ id: Id, username: Username });
export type SetUsernameBody = Infer<typeof SetUsernameBody>;

export const SetPasswordBody = object({
  id: Id,
  password: Password,
  /** Required when changing one's own password. */
  current_password: optional(requiredString),
});
export type SetPasswordBody = Infer<typeof SetPasswordBody>;

/** PUT /users/{id}/: the active flag and the groups (as a whole set). Deactivation ends the user's sessions. */
export const UserUpdateBody = object({
  is_active: optional(boolean()),
  groups: optional(size(array(Id), 0, MAX_USER_GROUPS)),
});
export type UserUpdateBody = Infer<typeof UserUpdateBody>;
