import type { FluentIcon } from '@fluentui/react-icons';
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
}

export interface NavSection {
  /** Key under `sections` in the layout namespace; also the accordion item value. */
  id: string;
  Icon: FluentIcon;
  items: NavItem[];
  /** Shown only to the administrator (user_id 1), like its route. */
  adminOnly?: boolean;
}

/** The sidebar of the spec: Devices, Campaigns, Media, Playlists, Company, Statistics, Directory, Navigation. */
export const NAV_SECTIONS: readonly NavSection[] = [
  {
    id: 'devices',
    Icon: DesktopRegular,
    items: [
      { key: 'devices', path: '/devices' },
      { key: 'clients', path: '/clients' },
    ],
  },
  {
    id: 'campaigns',
    Icon: MegaphoneRegular,
    items: [
      { key: 'campaigns', path: '/campaigns' },
      { key: 'scheduler', path: '/scheduler' },
    ],
  },
  {
    id: 'media',
    Icon: ImageMultipleRegular,
    items: [
      { key: 'media', path: '/media' },
      { key: 'content', path: '/content' },
      { key: 'tracks', path: '/tracks' },
    ],
  },
  { id: 'playlists', Icon: AppsListRegular, items: [{ key: 'playlists', path: '/playlists' }] },
  {
    id: 'company',
    Icon: BuildingRegular,
    items: [
      { key: 'company', path: '/company' },
      { key: 'organizations', path: '/organizations' },
      { key: 'structure', path: '/structure' },
      { key: 'branchOffices', path: '/branch-offices' },
      { key: 'groups', path: '/groups' },
      { key: 'users', path: '/users' },
      { key: 'journal', path: '/journal' },
      { key: 'profile', path: '/profile' },
    ],
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
  },
  { id: 'directory', Icon: BookOpenRegular, items: [{ key: 'directory', path: '/directory' }], adminOnly: true },
  { id: 'navigation', Icon: MapRegular, items: [{ key: 'navigation', path: '/navigation' }] },
];

export function navSectionsFor(isAdmin: boolean): NavSection[] {
  return NAV_SECTIONS.filter((section) => isAdmin || !section.adminOnly);
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
