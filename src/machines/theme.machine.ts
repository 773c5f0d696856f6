import { assign, setup } from 'xstate';
import { DEFAULT_THEME, isThemeName, storedTheme, THEME_STORAGE_KEY, themeStorage as storage, warnInvalidTheme, type ThemeName } from './theme.names.ts';

export { DEFAULT_THEME, isThemeName, storedTheme, THEME_NAMES, THEME_STORAGE_KEY, type ThemeName } from './theme.names.ts';

export interface ThemeContext {
  currentTheme: ThemeName;
}

export type ThemeEvent = { type: 'theme.set'; name: string };

/** The current colour theme; `theme.set` with an unknown name falls back to DEFAULT with a warning. */
export const themeMachine = setup({
  types: {
    context: {} as ThemeContext,
    events: {} as ThemeEvent,
  },
  actions: {
    setTheme: assign((_, params: { name: ThemeName }) => ({ currentTheme: params.name })),
    persistTheme: (_, params: { name: ThemeName }) => storage()?.setItem(THEME_STORAGE_KEY, params.name),
    warnInvalidTheme: (_, params: { name: string }) => warnInvalidTheme(params.name),
  },
  guards: {
    isKnownTheme: (_, params: { name: string }) => isThemeName(params.name),
  },
}).createMachine({
  id: 'theme',
  context: () => ({ currentTheme: storedTheme() }),
  on: {
    'theme.set': [
      {
        guard: { type: 'isKnownTheme', params: ({ event }) => ({ name: event.name }) },
        actions: [
          { type: 'setTheme', params: ({ event }) => ({ name: event.name as ThemeName }) },
          { type: 'persistTheme', params: ({ event }) => ({ name: event.name as ThemeName }) },
        ],
      },
      {
        actions: [
          { type: 'warnInvalidTheme', params: ({ event }) => ({ name: event.name }) },
          { type: 'setTheme', params: { name: DEFAULT_THEME } },
          { type: 'persistTheme', params: { name: DEFAULT_THEME } },
        ],
      },
    ],
  },
});
