import { Suspense, useEffect } from 'react';
import i18n, { currentLanguage, initI18n, useI18nTexts } from '../../i18n.ts';
import { THEME_STORAGE_KEY } from '../../machines/theme.names.ts';
import { selectTheme } from '../../machines/theme.selectors.ts';
import { ErrorBoundary } from '../common/ErrorBoundary.tsx';
import { useFocusKeeper } from '../common/focusKeeper.ts';
import { Loading } from '../common/Loading.tsx';
import { onOtherTabSetting } from '../common/otherTabs.ts';
import { TextsContext, shellBundles } from '../common/texts.ts';
import { LANGUAGE_STORAGE_KEY } from '../../services/translations.ts';
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

// The app's translations (i18n.ts) start with the full app (the first page's texts come from views/common/texts.ts), with what the first page read.
void initI18n(shellBundles());

/**
 * A language or theme picked in another tab of the panel applies here too, at once (the other tab has saved it with the
 * account already): the translations switch in place, the theme machine takes the name.
 */
function useOtherTabsSettings() {
  const theme = ThemeContext.useActorRef();
  useEffect(() => {
    const stopLanguage = onOtherTabSetting(LANGUAGE_STORAGE_KEY, (language) => {
      if (currentLanguage(language) !== currentLanguage()) void i18n.changeLanguage(language);
    });
    const stopTheme = onOtherTabSetting(THEME_STORAGE_KEY, (name) => {
      if (name !== selectTheme(theme.getSnapshot())) theme.send({ type: 'theme.set', name });
    });
    return () => {
      stopLanguage();
      stopTheme();
    };
  }, [theme]);
}

function ThemedApp() {
  useOtherTabsSettings();
  const themeName = ThemeContext.useSelector(selectTheme);
  const theme = useFluentTheme(themeName);
  // Fluent's focus manager, held from the first dialog, drawer, menu or toast on (see common/focusKeeper.ts).
  const FocusKeeper = useFocusKeeper();
  return (
    <AppSurface theme={theme}>
      {FocusKeeper && <FocusKeeper />}
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
    // The parts the first page shares with the app (login screen, "Loading…", error fallback, page title) take their texts from i18n.ts here.
    <TextsContext.Provider value={useI18nTexts}>
      <ThemeContext.Provider>
        <ThemedApp />
      </ThemeContext.Provider>
    </TextsContext.Provider>
  );
}
