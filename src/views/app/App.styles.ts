import { makeStaticStyles, makeStyles, tokens } from '@fluentui/react-components';
import { BASE_FONT_SIZE } from '../../services/config.ts';

export const useGlobalStyles = makeStaticStyles({
  body: {
    margin: 0,
    fontSize: `${BASE_FONT_SIZE}px`,
    fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
  },
});

export const useAppStyles = makeStyles({
  root: {
    minHeight: '100vh',
    backgroundColor: tokens.colorNeutralBackground2,
    color: tokens.colorNeutralForeground1,
  },
});
