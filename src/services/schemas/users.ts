import { boolean, integer, max, min, nullable, object, optional, pattern, size, string, type Infer } from 'superstruct';
import { Id, Page, requiredString } from './common.ts';

export const USERNAME_PATTERN = /^[\p{L}\p{N}_.@+-]+$/u;
export const Username = size(pattern(string(), USERNAME_PATTERN), 1, 150);
export const Password = size(string(), 8, 128);

export const User = object({
  id: Id,
  username: string(),
  is_active: boolean(),
  is_admin: boolean(),
  date_joined: string(),
});
export type User = Infer<typeof User>;

export const UserPage = Page(User);

/** The signed-in user as GET /users/profile/ answers it. */
export const Profile = User;
export type Profile = User;

export const UserCreateBody = object({
  username: Username,
  password: Password,
  /** The spec sends user: 1 with every create; accepted as sent. */
  user: optional(nullable(min(max(integer(), 2147483647), 0))),
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
