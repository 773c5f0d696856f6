import { makeStyles } from '@fluentui/react-components';
import { tokens } from '@fluentui/tokens';

export const useNotFoundStyles = makeStyles({
  link: {
    color: tokens.colorBrandForegroundLink,
    ':hover': { color: tokens.colorBrandForegroundLinkHover },
  },
});
