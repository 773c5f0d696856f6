import type { Access } from '../../services/schemas/groups.ts';
import { NAV_SECTIONS, navSectionsFor } from '../layout/navSections.ts';

const isUnder = (pathname: string, path: string) => pathname === path || pathname.startsWith(`${path}/`);

/** The sidebar item an address belongs to (the longest item path it lies under: /campaigns/7/scheduler is Campaigns'), if any. */
function itemPathOf(pathname: string): string | undefined {
  let best: string | undefined;
  for (const section of NAV_SECTIONS) {
    for (const item of section.items) if (isUnder(pathname, item.path) && (!best || item.path.length > best.length)) best = item.path;
  }
  return best;
}

/**
 * Whether the user may open this address: exactly when the sidebar offers its item (navSectionsFor), so an area the
 * user's groups give "none" (or /clients without edit on devices) is no more reachable by typing its address than by
 * the sidebar. Addresses of no sidebar item (/login, an unknown path) are not this rule's business; nor is anything
 * before the profile's `access` is known (navSectionsFor then shows every section, and the server still refuses).
 */
export function mayOpen(pathname: string, isAdmin: boolean, access: Access | null | undefined): boolean {
  const path = itemPathOf(pathname);
  if (path === undefined) return true;
  return navSectionsFor(isAdmin, access).some((section) => section.items.some((item) => item.path === path));
}

/** Where a refused address sends the user: the first screen the sidebar offers them. */
export function firstOpenPath(isAdmin: boolean, access: Access | null | undefined): string {
  return navSectionsFor(isAdmin, access)[0]?.items[0]?.path ?? '/profile';
}
