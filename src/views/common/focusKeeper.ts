import { useSyncExternalStore, type ComponentType } from 'react';

/*
 * Fluent's focus manager (tabster) lives as long as the page once a dialog, drawer, menu or toast has needed it: were the
 * last part using it to unmount, a closing dialog's modalizer would be disposed before it gave the page back (the page
 * stayed aria-hidden). The component that holds it (FocusKeeper.tsx, with tabster) registers itself here when the first
 * of those parts' modules loads, and the app draws it from then on (App.tsx); until then no signed-in route loads
 * tabster for it (issue 37: 12 KB brotli on every route).
 */

let keeper: ComponentType | null = null;
const listeners = new Set<() => void>();

/** Called by FocusKeeper.tsx when it loads: the app draws `component` from now on. */
export function keepFocusManager(component: ComponentType): void {
  if (keeper) return;
  keeper = component;
  for (const listener of listeners) listener();
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => void listeners.delete(listener);
};

/** The component holding the focus manager, once a part that needs it has loaded. */
export function useFocusKeeper(): ComponentType | null {
  return useSyncExternalStore(subscribe, () => keeper);
}
