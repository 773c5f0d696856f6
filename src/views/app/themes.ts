import { useEffect, useState } from 'react';
import { webLightTheme, type Theme } from '@fluentui/react-components';
import { BASE_FONT_SIZE } from '../../services/config.ts';
import type { ThemeName } from '../../machines/theme.names.ts';

/** The spec's base font size (13) replaces Fluent's body size (fontSizeBase300, 14 px). */
export function withBaseFontSize(theme: Theme): Theme {
  return { ...theme, fontSizeBase300: `${BASE_FONT_SIZE}px` };
}

export const DEFAULT_FLUENT_THEME = withBaseFontSize(webLightTheme);

/** The Fluent theme of a theme name; DEFAULT ships with the first page, the others load on first use. */
export async function loadFluentTheme(name: ThemeName): Promise<Theme> {
  if (name === 'DEFAULT') return DEFAULT_FLUENT_THEME;
  const { EXTRA_THEMES } = await import('./extraThemes.ts');
  return EXTRA_THEMES[name];
}

/** The Fluent theme to render for a theme name: the previous one stays until the new one has loaded. */
export function useFluentTheme(name: ThemeName): Theme {
  const [theme, setTheme] = useState<Theme>(DEFAULT_FLUENT_THEME);
  useEffect(() => {
    let current = true;
    loadFluentTheme(name).then(
      (loaded) => current && setTheme(loaded),
      () => current && setTheme(DEFAULT_FLUENT_THEME),
    );
    return () => {
      current = false;
    };
  }, [name]);
  return theme;
}
