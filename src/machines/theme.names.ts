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

/** The spec's warning for an unknown theme name (section 3). */
export function warnInvalidTheme(name: string): void {
  console.warn(`The theme ${name} is not valid`);
}

/**
 * The stored theme, or DEFAULT when none is stored. An unknown stored name falls back to DEFAULT the way `theme.set`
 * does: with the spec's warning, and DEFAULT stored in its place (so the warning is logged once).
 */
export function storedTheme(): ThemeName {
  const storage = themeStorage();
  const name = storage?.getItem(THEME_STORAGE_KEY);
  if (name === null || name === undefined || isThemeName(name)) return name ?? DEFAULT_THEME;
  warnInvalidTheme(name);
  storage?.setItem(THEME_STORAGE_KEY, DEFAULT_THEME);
  return DEFAULT_THEME;
}
