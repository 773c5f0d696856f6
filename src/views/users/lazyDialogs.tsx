import type { ComponentProps } from 'react';
import { lazyPart } from '../common/lazyPart.tsx';
import type * as Dialogs from './UserDialogs.tsx';

/*
 * The forms of /users (add, access, rename, password), one chunk loaded when the first of them opens (issue 37): with
 * them, Fluent's dialog and focus manager were on the list's first load. Same names and props as the dialogs themselves.
 */

const dialogs = () => import('./UserDialogs.tsx');

export const UserCreateDialog = lazyPart<ComponentProps<typeof Dialogs.UserCreateDialog>>(() => dialogs().then((m) => ({ default: m.UserCreateDialog })));

export const UserAccessDialog = lazyPart<ComponentProps<typeof Dialogs.UserAccessDialog>>(() => dialogs().then((m) => ({ default: m.UserAccessDialog })));

export const UserRenameDialog = lazyPart<ComponentProps<typeof Dialogs.UserRenameDialog>>(() => dialogs().then((m) => ({ default: m.UserRenameDialog })));

export const UserPasswordDialog = lazyPart<ComponentProps<typeof Dialogs.UserPasswordDialog>>(() => dialogs().then((m) => ({ default: m.UserPasswordDialog })));
