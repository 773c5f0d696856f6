/**
 * The theme names and the stored choice, without XState: the first page (the login shell) reads them
 * before the theme machine's chunk has loaded.
 */
export const THEME_NAMES = ['DEFAULT', 'DARK', 'LIGHT', 'BLUE', 'GREEN', 'INDIGO'] as const;
export type ThemeName = (typeof THEME_NAMES)[number];
export const DEFAULT_THEME: ThemeName = THEME_NAMES[0];
export const THEME_STORAGE_KEY = 'theme';

export function isThemeName(name: unknown): name is ThemeName {
  return typeof name === 'string' && (THEME_NAMES as readonly string[]).includes(name);
}

export function themeStorage(): Storage | undefined {
  return globalThis.localStorage;
}

/** The stored theme, or DEFAULT when none (or an unknown one) is stored. */
export function storedTheme(): ThemeName {
  const name = themeStorage()?.getItem(THEME_STORAGE_KEY);
  return isThemeName(name) ? name : DEFAULT_THEME;
}
