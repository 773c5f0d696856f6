import { DEFAULT_START_PATH } from '../../services/config.ts';
import { tokenStore } from '../../services/tokenStore.ts';

/** A page of the app to go on to (never another site, the root or the login), else /devices. */
export function appPathOr(path: string | null): string {
  if (!path || !path.startsWith('/') || path.startsWith('//') || path === '/' || path.startsWith('/login')) return DEFAULT_START_PATH;
  return path;
}

/** Where "/" and a successful sign-in lead: the last visited screen, or /devices. */
export function lastVisitedPath(): string {
  return appPathOr(tokenStore.getLastVisited());
}
