import { DEFAULT_START_PATH } from '../../services/config.ts';
import { tokenStore } from '../../services/tokenStore.ts';

/** Where "/" and a successful sign-in lead: the last visited screen, or /devices. */
export function lastVisitedPath(): string {
  const path = tokenStore.getLastVisited();
  if (!path.startsWith('/') || path.startsWith('//') || path === '/' || path.startsWith('/login')) return DEFAULT_START_PATH;
  return path;
}
