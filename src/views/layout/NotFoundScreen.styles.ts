import { makeStyles, tokens } from '@fluentui/react-components';

export const useNotFoundStyles = makeStyles({
  link: {
    color: tokens.colorBrandForegroundLink,
    ':hover': { color: tokens.colorBrandForegroundLinkHover },
  },
});
