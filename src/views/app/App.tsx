import { Suspense } from 'react';
import { flushSync } from 'react-dom';
import { createBrowserRouter, RouterProvider } from 'react-router';
import { selectTheme } from '../../machines/theme.selectors.ts';
import { ErrorBoundary } from '../common/ErrorBoundary.tsx';
import { Loading } from '../common/Loading.tsx';
import { AppToaster } from '../common/notify.tsx';
import { AppRoutes } from '../routes.tsx';
import { ThemeContext } from './actors.ts';
import { AppSurface } from './AppSurface.tsx';
import { SessionProvider } from './SessionProvider.tsx';
import { useFluentTheme } from './themes.ts';

/** The session, error boundary and route table: everything that needs the router's context. */
function RoutedApp() {
  return (
    <SessionProvider>
      <ErrorBoundary>
        <Suspense fallback={<Loading fullPage />}>
          <AppRoutes />
        </Suspense>
      </ErrorBoundary>
    </SessionProvider>
  );
}

// A data router (not a plain BrowserRouter), so that screens can hold navigation with useBlocker while work
// would be lost (unsaved configs, uploads under way). The route table itself stays in <AppRoutes>.
const router = createBrowserRouter([{ path: '*', element: <RoutedApp /> }]);
// react-router's own RouterProvider, given react-dom's flushSync as react-router/dom's wrapper does: that wrapper's
// module also brings react-router's server and RSC code (issue 37; see the "alias" in package.json).
const routerFlushSync = (update: () => unknown): undefined => {
  flushSync(update);
};

function ThemedApp() {
  const themeName = ThemeContext.useSelector(selectTheme);
  const theme = useFluentTheme(themeName);
  return (
    <AppSurface theme={theme}>
      <AppToaster />
      <RouterProvider router={router} flushSync={routerFlushSync} />
    </AppSurface>
  );
}

/** The whole SPA: theme, toasts, router, session and the route table. */
export function App() {
  return (
    <ThemeContext.Provider>
      <ThemedApp />
    </ThemeContext.Provider>
  );
}
