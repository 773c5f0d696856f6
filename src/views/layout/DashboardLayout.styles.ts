import { makeStyles } from '@fluentui/react-components';
import { tokens } from '@fluentui/tokens';
import { DRAWER_WIDTH } from '../../services/config.ts';
import { TOP_BAR_HEIGHT } from './TopBar.styles.ts';

export const useDashboardLayoutStyles = makeStyles({
  root: {
    display: 'flex',
    flexDirection: 'column',
    minHeight: '100vh',
  },
  skipLink: {
    position: 'absolute',
    left: tokens.spacingHorizontalM,
    top: '-100px',
    zIndex: 20,
    padding: tokens.spacingHorizontalS,
    backgroundColor: tokens.colorNeutralBackground1,
    color: tokens.colorBrandForeground1,
    ':focus': {
      top: tokens.spacingVerticalS,
    },
  },
  body: {
    display: 'flex',
    flexGrow: 1,
    minHeight: 0,
  },
  // The column spans the whole page height with the sidebar's background and border; only its content sticks under
  // the top bar. A sticky column of one window's height left the page's background below it wherever the page
  // outgrew the window and the column did not stick (a full-page capture, print, an ancestor that clips).
  sidebar: {
    flexShrink: 0,
    width: `${DRAWER_WIDTH}px`,
    boxSizing: 'border-box',
    alignSelf: 'stretch',
    backgroundColor: tokens.colorNeutralBackground1,
    borderRight: `${tokens.strokeWidthThin} solid ${tokens.colorNeutralStroke2}`,
  },
  sidebarContent: {
    position: 'sticky',
    top: TOP_BAR_HEIGHT,
    maxHeight: `calc(100vh - ${TOP_BAR_HEIGHT})`,
    overflowY: 'auto',
  },
  drawer: {
    width: `${DRAWER_WIDTH}px`,
  },
  drawerBody: {
    paddingInline: 0,
  },
  main: {
    display: 'flex',
    flexDirection: 'column',
    flexGrow: 1,
    minWidth: 0,
  },
  content: {
    flexGrow: 1,
    padding: tokens.spacingHorizontalXL,
    ':focus': {
      outlineStyle: 'none',
    },
  },
  footer: {
    paddingBlock: tokens.spacingVerticalM,
    paddingInline: tokens.spacingHorizontalXL,
    color: tokens.colorNeutralForeground3,
    borderTop: `${tokens.strokeWidthThin} solid ${tokens.colorNeutralStroke2}`,
  },
});
