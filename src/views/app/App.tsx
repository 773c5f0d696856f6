import { Suspense } from 'react';
import { createBrowserRouter, RouterProvider } from 'react-router-dom';
import { FluentProvider } from '@fluentui/react-components';
import { selectTheme } from '../../machines/theme.selectors.ts';
import { ErrorBoundary } from '../common/ErrorBoundary.tsx';
import { Loading } from '../common/Loading.tsx';
import { AppToaster } from '../common/notify.tsx';
import { AppRoutes } from '../routes.tsx';
import { ThemeContext } from './actors.ts';
import { SessionProvider } from './SessionProvider.tsx';
import { useFluentTheme } from './themes.ts';
import { useAppStyles } from './App.styles.ts';

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

function ThemedApp() {
  const styles = useAppStyles();
  const themeName = ThemeContext.useSelector(selectTheme);
  const theme = useFluentTheme(themeName);
  return (
    // Fluent copies the provider's className onto portal nodes (toasts, menus): the page surface is an inner div.
    <FluentProvider theme={theme}>
      <div className={styles.root}>
        <AppToaster />
        <RouterProvider router={router} />
      </div>
    </FluentProvider>
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
