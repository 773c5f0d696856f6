import { createLightTheme, teamsLightTheme, webDarkTheme, type BrandVariants, type Theme } from '@fluentui/react-components';
import type { ThemeName } from '../../machines/theme.names.ts';
import { withBaseFontSize } from './themes.ts';

// Brand ramps from the darkest (10) to the lightest (160) shade; 80 is the brand colour itself.
const blueBrand: BrandVariants = {
  10: '#090d15', 20: '#0a192d', 30: '#0c2646', 40: '#0e335e', 50: '#103f77', 60: '#114c8f', 70: '#1358a8', 80: '#1565c0',
  90: '#2e75c7', 100: '#4786cd', 110: '#6096d4', 120: '#78a6db', 130: '#91b7e1', 140: '#aac7e8', 150: '#c3d8ef', 160: '#dce8f6',
};

const greenBrand: BrandVariants = {
  10: '#0a0e0e', 20: '#0f1e13', 30: '#142e18', 40: '#193d1d', 50: '#1f4d23', 60: '#245d28', 70: '#296d2d', 80: '#2e7d32',
  90: '#448b48', 100: '#5a995e', 110: '#71a673', 120: '#87b489', 130: '#9dc29f', 140: '#b3d0b5', 150: '#c9deca', 160: '#e0ece0',
};

const indigoBrand: BrandVariants = {
  10: '#0b0c14', 20: '#12162b', 30: '#1a1f42', 40: '#212959', 50: '#293370', 60: '#303d87', 70: '#38479e', 80: '#3f51b5',
  90: '#5363bd', 100: '#6876c5', 110: '#7c88cd', 120: '#919bd4', 130: '#a5addc', 140: '#b9c0e4', 150: '#ced2ec', 160: '#e2e5f4',
};

/** The themes other than DEFAULT: a chunk of their own, loaded when an operator picks one. */
export const EXTRA_THEMES: Record<Exclude<ThemeName, 'DEFAULT'>, Theme> = {
  DARK: withBaseFontSize(webDarkTheme),
  LIGHT: withBaseFontSize(teamsLightTheme),
  BLUE: withBaseFontSize(createLightTheme(blueBrand)),
  GREEN: withBaseFontSize(createLightTheme(greenBrand)),
  INDIGO: withBaseFontSize(createLightTheme(indigoBrand)),
};
