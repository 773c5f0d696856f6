import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { initI18n } from './i18n.ts';
import { App } from './views/app/App.tsx';

/** The panel works online only: any service worker left by an earlier deployment is removed. */
async function unregisterServiceWorkers(): Promise<void> {
  const registrations = (await navigator.serviceWorker?.getRegistrations()) ?? [];
  await Promise.all(registrations.map((registration) => registration.unregister()));
}

unregisterServiceWorkers().catch((error: unknown) => console.warn('Could not unregister service workers', error));
void initI18n();

const container = document.getElementById('root');
if (!container) throw new Error('The page has no #root element to mount into');
// The session actor, its navigation/toast actions and the onAuthFailure -> session.expired wiring live in
// views/app/SessionProvider.tsx, inside the router that navigation needs.
createRoot(container).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
