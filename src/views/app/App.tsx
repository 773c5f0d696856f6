import { Suspense } from 'react';
import { BrowserRouter } from 'react-router-dom';
import { FluentProvider } from '@fluentui/react-components';
import { selectTheme } from '../../machines/theme.selectors.ts';
import { ErrorBoundary } from '../common/ErrorBoundary.tsx';
import { Loading } from '../common/Loading.tsx';
import { AppToaster } from '../common/notify.tsx';
import { AppRoutes } from '../routes.tsx';
import { ThemeContext } from './actors.ts';
import { SessionProvider } from './SessionProvider.tsx';
import { useFluentTheme } from './themes.ts';
import { useAppStyles, useGlobalStyles } from './App.styles.ts';

function ThemedApp() {
  useGlobalStyles();
  const styles = useAppStyles();
  const themeName = ThemeContext.useSelector(selectTheme);
  const theme = useFluentTheme(themeName);
  return (
    // Fluent copies the provider's className onto portal nodes (toasts, menus): the page surface is an inner div.
    <FluentProvider theme={theme}>
      <div className={styles.root}>
        <AppToaster />
        <BrowserRouter>
          <SessionProvider>
            <ErrorBoundary>
              <Suspense fallback={<Loading fullPage />}>
                <AppRoutes />
              </Suspense>
            </ErrorBoundary>
          </SessionProvider>
        </BrowserRouter>
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
