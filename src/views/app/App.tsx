import { Suspense } from 'react';
import { selectTheme } from '../../machines/theme.selectors.ts';
import { ErrorBoundary } from '../common/ErrorBoundary.tsx';
import { Loading } from '../common/Loading.tsx';
import { AppToaster } from '../common/notify.tsx';
import { AppRoutes } from '../routes.tsx';
import { ThemeContext } from './actors.ts';
import { AppSurface } from './AppSurface.tsx';
import { BrowserRouter } from './router.tsx';
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

function ThemedApp() {
  const themeName = ThemeContext.useSelector(selectTheme);
  const theme = useFluentTheme(themeName);
  return (
    <AppSurface theme={theme}>
      <AppToaster />
      <BrowserRouter>
        <RoutedApp />
      </BrowserRouter>
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
