import { createContext, useCallback, useContext, useEffect, useMemo, useRef, type ReactNode } from 'react';
import { useActorRef } from '@xstate/react';
import { useTranslation } from '../../i18n.ts';
import { currentLanguage } from '../../i18n.ts';
import { preferencesMachine, type PreferencesActor } from '../../machines/profile/preferences.machine.ts';
import { selectUser } from '../../machines/session.selectors.ts';
import { isThemeName } from '../../machines/theme.names.ts';
import { selectTheme } from '../../machines/theme.selectors.ts';
import { SessionContext, ThemeContext } from '../app/actors.ts';

const PreferencesContext = createContext<PreferencesActor | null>(null);

/** The preferences actor of the signed-in user (null outside the provider). */
export function usePreferences(): PreferencesActor | null {
  return useContext(PreferencesContext);
}

/**
 * The language pickers' (top bar, /profile) choice: switches the interface language and keeps it with the account.
 * Only such an explicit choice is saved: the language the page starts in (query, storage, the browser's languages) is
 * the app's guess, and saving it when its translations arrived after the profile wrote the browser's language to the
 * account of a user who never chose one.
 */
export function useChooseLanguage(): (language: string) => void {
  const { i18n } = useTranslation('common', { useSuspense: false });
  const preferences = usePreferences();
  return useCallback(
    (language: string) => {
      void i18n.changeLanguage(language);
      preferences?.send({ type: 'preferences.change', change: { language: currentLanguage(language) } });
    },
    [i18n, preferences],
  );
}

/**
 * Keeps the user's language and theme on the server: applies the ones the profile brings at sign-in, and saves the
 * ones the user picks afterwards (the language pickers through useChooseLanguage, the themes of the user menu and
 * /profile), so that they follow the user to another browser.
 */
export function PreferencesProvider({ children }: { children: ReactNode }) {
  const { i18n } = useTranslation('common', { useSuspense: false });
  const theme = ThemeContext.useActorRef();
  const user = SessionContext.useSelector(selectUser);
  const logic = useMemo(
    () =>
      preferencesMachine.provide({
        actions: {
          applyLanguage: (_, { language }) => {
            if (language && language !== currentLanguage(i18n.language)) void i18n.changeLanguage(language);
          },
          applyTheme: (_, { theme: name }) => {
            if (isThemeName(name)) theme.send({ type: 'theme.set', name });
          },
        },
      }),
    [i18n, theme],
  );
  const preferences = useActorRef(logic);

  const loadedFor = useRef<number | null>(null);
  useEffect(() => {
    if (!user) {
      if (loadedFor.current !== null) preferences.send({ type: 'preferences.signedOut' });
      loadedFor.current = null;
      return;
    }
    if (loadedFor.current === user.id) return;
    loadedFor.current = user.id;
    preferences.send({ type: 'preferences.loaded', preferences: { language: user.language ?? null, theme: user.theme ?? null } });
  }, [user, preferences]);

  useEffect(() => {
    let last = selectTheme(theme.getSnapshot());
    const subscription = theme.subscribe((snapshot) => {
      const name = selectTheme(snapshot);
      if (name === last) return;
      last = name;
      preferences.send({ type: 'preferences.change', change: { theme: name } });
    });
    return () => subscription.unsubscribe();
  }, [theme, preferences]);

  return <PreferencesContext.Provider value={preferences}>{children}</PreferencesContext.Provider>;
}
