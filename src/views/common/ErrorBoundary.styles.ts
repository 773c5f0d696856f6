import { makeStyles } from '@fluentui/react-components';
import { tokens } from '@fluentui/tokens';

export const useErrorFallbackStyles = makeStyles({
  root: {
    display: 'flex',
    flexDirection: 'column',
    alignItems: 'flex-start',
    gap: tokens.spacingVerticalM,
    padding: tokens.spacingHorizontalXL,
  },
  message: {
    color: tokens.colorPaletteRedForeground1,
  },
});

export const useCenteredStyles = makeStyles({
  root: {
    display: 'flex',
    alignItems: 'center',
    justifyContent: 'center',
    minHeight: '50vh',
    padding: tokens.spacingHorizontalXL,
  },
  fullPage: {
    minHeight: '100vh',
  },
});
