import { useEffect } from 'react';

/** Calls `tick` every `ms` while `active` holds (a list with files still processing). */
export function usePolling(active: boolean, ms: number, tick: () => void): void {
  useEffect(() => {
    if (!active) return undefined;
    const timer = setInterval(tick, ms);
    return () => clearInterval(timer);
  }, [active, ms, tick]);
}
