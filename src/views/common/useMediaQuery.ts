import { useSyncExternalStore } from 'react';
import { BREAKPOINTS } from '../../services/config.ts';

/** The query that is true from the md breakpoint (960 px) up, where the sidebar is permanent. */
export const WIDE_SCREEN_QUERY = `(min-width: ${BREAKPOINTS.md}px)`;

/** The query that is true below the sm breakpoint (600 px), where lists become stacked cards. */
export const NARROW_SCREEN_QUERY = `(max-width: ${BREAKPOINTS.sm - 0.02}px)`;

/** Whether a CSS media query matches now; re-renders when that changes. */
export function useMediaQuery(query: string): boolean {
  return useSyncExternalStore(
    (onChange) => {
      const list = window.matchMedia(query);
      list.addEventListener('change', onChange);
      return () => list.removeEventListener('change', onChange);
    },
    () => window.matchMedia(query).matches,
    () => false,
  );
}
