import { makeStyles } from '@fluentui/react-components';
import { tokens } from '@fluentui/tokens';

export const useSidebarNavStyles = makeStyles({
  root: {
    paddingBlock: tokens.spacingVerticalS,
  },
  list: {
    listStyleType: 'none',
    margin: 0,
    padding: 0,
  },
  link: {
    display: 'block',
    paddingBlock: tokens.spacingVerticalSNudge,
    paddingInlineStart: '44px',
    paddingInlineEnd: tokens.spacingHorizontalM,
    borderRadius: tokens.borderRadiusMedium,
    color: tokens.colorNeutralForeground2,
    textDecorationLine: 'none',
    ':hover': {
      backgroundColor: tokens.colorNeutralBackground1Hover,
      color: tokens.colorNeutralForeground2Hover,
    },
    ':focus-visible': {
      outlineWidth: tokens.strokeWidthThick,
      outlineStyle: 'solid',
      outlineColor: tokens.colorStrokeFocus2,
    },
  },
  active: {
    backgroundColor: tokens.colorBrandBackground2,
    color: tokens.colorBrandForeground2,
    fontWeight: tokens.fontWeightSemibold,
    ':hover': {
      backgroundColor: tokens.colorBrandBackground2Hover,
      color: tokens.colorBrandForeground2Hover,
    },
  },
});
