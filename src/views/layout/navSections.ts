import type { FluentIcon } from '@fluentui/react-icons';
import type { Access, Area } from '../../services/schemas/groups.ts';
import {
  AppsListRegular,
  BookOpenRegular,
  BuildingRegular,
  DataBarVerticalRegular,
  DesktopRegular,
  ImageMultipleRegular,
  MapRegular,
  MegaphoneRegular,
} from '@fluentui/react-icons';

export interface NavItem {
  /** Key under `items` in the layout namespace. */
  key: string;
  path: string;
  /** Active only on exactly this path (a sibling item lives below it). */
  end?: boolean;
  /** Shown only to the administrator (users and groups). */
  adminOnly?: boolean;
  /** Shown only with at least view rights in this area (the section's area by default; `null`: to everyone). */
  area?: Area | null;
  /** Needs edit rights in the area, not only view (/clients: waiting players are for whoever may add devices). */
  edit?: boolean;
}

export interface NavSection {
  /** Key under `sections` in the layout namespace; also the accordion item value. */
  id: string;
  Icon: FluentIcon;
  items: NavItem[];
  /** Shown only to the administrator (user_id 1), like its route. */
  adminOnly?: boolean;
  /** The area of GET /users/profile/'s `access` its items need at least view rights in (server/domain/scope.ts). */
  area?: Area;
}

/** The sidebar of the spec: Devices, Campaigns, Media, Playlists, Company, Statistics, Directory, Navigation. */
export const NAV_SECTIONS: readonly NavSection[] = [
  {
    id: 'devices',
    Icon: DesktopRegular,
    items: [
      { key: 'devices', path: '/devices' },
      { key: 'smartGroups', path: '/smart-groups' },
      { key: 'clients', path: '/clients', edit: true },
    ],
    area: 'devices',
  },
  {
    id: 'campaigns',
    Icon: MegaphoneRegular,
    items: [
      { key: 'campaigns', path: '/campaigns' },
      { key: 'scheduler', path: '/scheduler' },
    ],
    area: 'campaigns',
  },
  {
    id: 'media',
    Icon: ImageMultipleRegular,
    items: [
      { key: 'media', path: '/media' },
      { key: 'content', path: '/content' },
      { key: 'tracks', path: '/tracks' },
      { key: 'datasets', path: '/datasets' },
    ],
    area: 'media',
  },
  {
    id: 'playlists',
    Icon: AppsListRegular,
    items: [
      { key: 'playlists', path: '/playlists' },
      { key: 'layouts', path: '/layouts' },
    ],
    area: 'playlists',
  },
  {
    id: 'company',
    Icon: BuildingRegular,
    items: [
      { key: 'company', path: '/company' },
      { key: 'organizations', path: '/organizations' },
      { key: 'structure', path: '/structure' },
      { key: 'branchOffices', path: '/branch-offices' },
      { key: 'groups', path: '/groups', adminOnly: true },
      { key: 'users', path: '/users', adminOnly: true },
      { key: 'webhooks', path: '/webhooks', edit: true },
      { key: 'journal', path: '/journal', area: null },
      { key: 'profile', path: '/profile', area: null },
    ],
    area: 'company',
  },
  {
    id: 'statistics',
    Icon: DataBarVerticalRegular,
    items: [
      { key: 'charts', path: '/statistics', end: true },
      { key: 'compare', path: '/statistics/compare' },
      { key: 'unloads', path: '/statistics/unloads' },
      { key: 'timeline', path: '/timeline' },
    ],
    area: 'statistics',
  },
  { id: 'directory', Icon: BookOpenRegular, items: [{ key: 'directory', path: '/directory' }], adminOnly: true },
  { id: 'navigation', Icon: MapRegular, items: [{ key: 'navigation', path: '/navigation' }], area: 'devices' },
];

/**
 * The sections and items a user may use: the administrator's only for user 1; an area's only with at least view rights
 * in it, when the profile's `access` is known (without it, as before scopes: everything but the administrator's).
 */
export function navSectionsFor(isAdmin: boolean, access?: Access | null): NavSection[] {
  const mayView = (area: Area | null | undefined, edit = false) =>
    isAdmin || !access || !area || (edit ? access.permissions[area] === 'edit' : access.permissions[area] !== 'none');
  return NAV_SECTIONS.filter((section) => isAdmin || !section.adminOnly)
    .map((section) => ({
      ...section,
      items: section.items.filter((item) => (isAdmin || !item.adminOnly) && mayView(item.area === undefined ? section.area : item.area, item.edit)),
    }))
    .filter((section) => section.items.length > 0);
}

function isUnder(pathname: string, path: string): boolean {
  return pathname === path || pathname.startsWith(`${path}/`);
}

/** The section whose item best matches the address (the longest matching item path), if any. */
export function sectionOf(pathname: string, sections: readonly NavSection[] = NAV_SECTIONS): string | undefined {
  let best: { id: string; length: number } | undefined;
  for (const section of sections) {
    for (const item of section.items) {
      if (isUnder(pathname, item.path) && (!best || item.path.length > best.length)) {
        best = { id: section.id, length: item.path.length };
      }
    }
  }
  return best?.id;
}
