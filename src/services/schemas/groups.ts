import { array, boolean, enums, nullable, object, optional, size, string, type Infer } from 'superstruct';
import { Id, Page, requiredString } from './common.ts';

/** The areas a group grants rights in, in the order the group editor lists them. */
export const AREAS = ['devices', 'media', 'playlists', 'campaigns', 'statistics', 'company'] as const;
export type Area = (typeof AREAS)[number];

/** What a member may do in an area: nothing, look, or look and change. */
export const LEVELS = ['none', 'view', 'edit'] as const;
export type Level = (typeof LEVELS)[number];
export const PermissionLevel = enums(LEVELS);

export const Permissions = object({
  devices: PermissionLevel,
  media: PermissionLevel,
  playlists: PermissionLevel,
  campaigns: PermissionLevel,
  statistics: PermissionLevel,
  company: PermissionLevel,
});
export type Permissions = Infer<typeof Permissions>;

/** At most this many companies in one group (a provider's whole client list fits). */
export const MAX_GROUP_COMPANIES = 1000;

export const GroupName = size(requiredString, 1, 100);

export const Group = object({
  id: Id,
  name: string(),
  companies: array(Id),
  permissions: Permissions,
});
export type Group = Infer<typeof Group>;
export const GroupPage = Page(Group);

export const GroupCreateBody = object({
  name: GroupName,
  companies: optional(size(array(Id), 0, MAX_GROUP_COMPANIES)),
  /** Areas left out are `none`. */
  permissions: optional(
    object({
      devices: optional(PermissionLevel),
      media: optional(PermissionLevel),
      playlists: optional(PermissionLevel),
      campaigns: optional(PermissionLevel),
      statistics: optional(PermissionLevel),
      company: optional(PermissionLevel),
    }),
  ),
});
export type GroupCreateBody = Infer<typeof GroupCreateBody>;

/** Every field optional: what is sent replaces what the group had (companies as a whole set). */
export const GroupUpdateBody = object({
  name: optional(GroupName),
  companies: optional(size(array(Id), 0, MAX_GROUP_COMPANIES)),
  permissions: optional(
    object({
      devices: optional(PermissionLevel),
      media: optional(PermissionLevel),
      playlists: optional(PermissionLevel),
      campaigns: optional(PermissionLevel),
      statistics: optional(PermissionLevel),
      company: optional(PermissionLevel),
    }),
  ),
});
export type GroupUpdateBody = Infer<typeof GroupUpdateBody>;

/** The caller's rights as GET /users/profile/ answers them in `access`: the SPA hides what they may not do. */
export const Access = object({
  /** User 1: every company and area, the Directory, users and groups. */
  admin: boolean(),
  /** The companies whose data the user sees; null for every company. */
  companies: nullable(array(Id)),
  permissions: Permissions,
});
export type Access = Infer<typeof Access>;
