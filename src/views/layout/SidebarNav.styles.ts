import { makeStyles } from '@fluentui/react-components';
import { tokens, typographyStyles } from '@fluentui/tokens';

export const useSidebarNavStyles = makeStyles({
  root: {
    paddingBlock: tokens.spacingVerticalS,
  },
  // Header, button, icons and panel: what Fluent's medium AccordionHeader (icon, expand icon at the end) and
  // AccordionPanel drew, so the sidebar looks as it did.
  header: {
    color: tokens.colorNeutralForeground1,
    backgroundColor: tokens.colorTransparentBackground,
    margin: 0,
    borderRadius: tokens.borderRadiusMedium,
  },
  button: {
    position: 'relative',
    width: '100%',
    minHeight: '44px',
    display: 'flex',
    alignItems: 'center',
    boxSizing: 'border-box',
    paddingBlock: 0,
    paddingInlineStart: tokens.spacingHorizontalMNudge,
    paddingInlineEnd: tokens.spacingHorizontalMNudge,
    borderTopStyle: 'none',
    borderRightStyle: 'none',
    borderBottomStyle: 'none',
    borderLeftStyle: 'none',
    borderRadius: tokens.borderRadiusMedium,
    backgroundColor: 'inherit',
    color: 'inherit',
    cursor: 'pointer',
    textAlign: 'start',
    overflow: 'visible',
    ...typographyStyles.body1,
    ':focus': {
      outlineStyle: 'none',
    },
    ':focus-visible': {
      outlineWidth: tokens.strokeWidthThick,
      outlineStyle: 'solid',
      outlineColor: tokens.colorStrokeFocus2,
      outlineOffset: `calc(${tokens.strokeWidthThick} * -1)`,
    },
  },
  icon: {
    height: '100%',
    display: 'flex',
    alignItems: 'center',
    paddingInlineEnd: tokens.spacingHorizontalS,
    lineHeight: tokens.lineHeightBase500,
    fontSize: tokens.fontSizeBase500,
  },
  expandIcon: {
    height: '100%',
    display: 'flex',
    alignItems: 'center',
    justifyContent: 'flex-end',
    flexGrow: 1,
    flexShrink: 1,
    flexBasis: '0%',
    paddingInlineStart: tokens.spacingHorizontalS,
    lineHeight: tokens.lineHeightBase500,
    fontSize: tokens.fontSizeBase500,
  },
  // The chevron points down when closed and up when open, turning as Fluent's did.
  chevron: {
    transform: 'rotate(90deg)',
    transitionProperty: 'transform',
    transitionDuration: tokens.durationNormal,
    transitionTimingFunction: 'ease-out',
  },
  chevronOpen: {
    transform: 'rotate(-90deg)',
  },
  panel: {
    marginBlock: 0,
    marginInline: tokens.spacingHorizontalM,
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
