import { assign, setup } from 'xstate';

export const THEME_NAMES = ['DEFAULT', 'DARK', 'LIGHT', 'BLUE', 'GREEN', 'INDIGO'] as const;
export type ThemeName = (typeof THEME_NAMES)[number];
export const DEFAULT_THEME: ThemeName = THEME_NAMES[0];
export const THEME_STORAGE_KEY = 'theme';

export interface ThemeContext {
  currentTheme: ThemeName;
}

export type ThemeEvent = { type: 'theme.set'; name: string };

export function isThemeName(name: unknown): name is ThemeName {
  return typeof name === 'string' && (THEME_NAMES as readonly string[]).includes(name);
}

function storage(): Storage | undefined {
  return globalThis.localStorage;
}

/** The stored theme, or DEFAULT when none (or an unknown one) is stored. */
export function storedTheme(): ThemeName {
  const name = storage()?.getItem(THEME_STORAGE_KEY);
  return isThemeName(name) ? name : DEFAULT_THEME;
}

/** The current colour theme; `theme.set` with an unknown name falls back to DEFAULT with a warning. */
export const themeMachine = setup({
  types: {
    context: {} as ThemeContext,
    events: {} as ThemeEvent,
  },
  actions: {
    setTheme: assign((_, params: { name: ThemeName }) => ({ currentTheme: params.name })),
    persistTheme: (_, params: { name: ThemeName }) => storage()?.setItem(THEME_STORAGE_KEY, params.name),
    warnInvalidTheme: (_, params: { name: string }) => console.warn(`The theme ${params.name} is not valid`),
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
