import type { Theme } from '@fluentui/react-components';
import { selectTheme } from '../../machines/theme.selectors.ts';
import { ThemeContext } from '../app/actors.ts';
import { useFluentTheme } from '../app/themes.ts';

/** One colour per entity (at most 10), from the theme's palette so that every theme draws them in its own shades. */
export const SERIES_TOKENS = [
  'colorPaletteBlueBorderActive',
  'colorPaletteRedBorderActive',
  'colorPaletteGreenBorderActive',
  'colorPaletteDarkOrangeBorderActive',
  'colorPalettePurpleBorderActive',
  'colorPaletteTealBorderActive',
  'colorPaletteMagentaBorderActive',
  'colorPaletteMarigoldBorderActive',
  'colorPaletteNavyBorderActive',
  'colorPaletteBrownBorderActive',
] as const satisfies readonly (keyof Theme)[];

/** The colours of the series in the theme the user chose (the chart draws SVG, which needs the values). */
export function useSeriesColors(): string[] {
  const theme = useFluentTheme(ThemeContext.useSelector(selectTheme));
  return SERIES_TOKENS.map((token) => String(theme[token]));
}
