import { Suspense, useCallback, useSyncExternalStore } from 'react';
import { ErrorBoundary } from './ErrorBoundary.tsx';
import { lazyScreen } from './lazyScreen.ts';

export type NotifyIntent = 'success' | 'error' | 'info' | 'warning';
/** Shows a toast: `message` is already translated. */
export type Notify = (message: string, intent?: NotifyIntent) => void;

export interface ToastRequest {
  message: string;
  intent: NotifyIntent;
}

// The toaster (Fluent's Toaster pulls in tabster and motion, ~30 KB as transferred) is its own chunk, loaded on the
// first toast (issue 37: no screen pays for it before it has something to say). Toasts asked for meanwhile wait here.
const pending: ToastRequest[] = [];
let dispatcher: ((request: ToastRequest) => void) | null = null;
let toasterWanted = false;
const listeners = new Set<() => void>();

function wantToaster(): void {
  if (toasterWanted) return;
  toasterWanted = true;
  for (const listener of listeners) listener();
}

/** Called by the toaster chunk once it is mounted: delivers the waiting toasts, then every new one. */
export function registerToastDispatcher(dispatch: (request: ToastRequest) => void): () => void {
  dispatcher = dispatch;
  for (const request of pending.splice(0)) dispatch(request);
  return () => {
    if (dispatcher === dispatch) dispatcher = null;
  };
}

/** Shows a toast from outside React (queued until the toaster is there). Prefer `useNotify()` in components. */
export function showToast(request: ToastRequest): void {
  if (dispatcher) dispatcher(request);
  else {
    pending.push(request);
    wantToaster();
  }
}

const LazyToaster = lazyScreen(() => import('./Toaster.tsx'));

/** The app's single toaster host; the app shell mounts it once. */
export function AppToaster() {
  const wanted = useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => toasterWanted,
    () => false,
  );
  if (!wanted) return null;
  return (
    <ErrorBoundary>
      <Suspense fallback={null}>
        <LazyToaster />
      </Suspense>
    </ErrorBoundary>
  );
}

/**
 * Returns `notify(message, intent = 'info')`, which shows a toast for NOTIFICATION_TIMEOUT_MS (3 s).
 * Pass a translated string: `notify(t('messages.addSuccess'), 'success')`.
 */
export function useNotify(): Notify {
  return useCallback<Notify>((message, intent = 'info') => showToast({ message, intent }), []);
}
