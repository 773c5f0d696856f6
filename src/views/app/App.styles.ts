import { makeStyles } from '@fluentui/react-components';
import { tokens } from '@fluentui/tokens';

// The body's margin, font and base size are in src/global.css, linked from index.html.
export const useAppStyles = makeStyles({
  root: {
    minHeight: '100vh',
    backgroundColor: tokens.colorNeutralBackground2,
    color: tokens.colorNeutralForeground1,
  },
});
