import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { SSO_LANDING_PATH } from './services/ssoStatus.ts';
import { hasStoredSession, Shell } from './views/app/Shell.tsx';

/** The panel works online only: any service worker left by an earlier deployment is removed. */
async function unregisterServiceWorkers(): Promise<void> {
  const registrations = (await navigator.serviceWorker?.getRegistrations()) ?? [];
  await Promise.all(registrations.map((registration) => registration.unregister()));
}

unregisterServiceWorkers().catch((error: unknown) => console.warn('Could not unregister service workers', error));

// Anonymous users reach only the login screen (spec section 6); the route guard of the full app would say the same.
// The landing of a single sign-on (/login/sso) is an anonymous page too: its fragment carries the sign-in's code.
if (!hasStoredSession() && window.location.pathname !== '/login' && window.location.pathname !== SSO_LANDING_PATH) {
  window.history.replaceState(null, '', `/login${window.location.search}`);
}

const container = document.getElementById('root');
if (!container) throw new Error('The page has no #root element to mount into');
// The first page is the small shell (views/app/Shell.tsx): the login screen for anonymous visitors, the full
// app (router, session, every screen) as soon as there is a session to check or a sign-in to send.
createRoot(container).render(
  <StrictMode>
    <Shell />
  </StrictMode>,
);
