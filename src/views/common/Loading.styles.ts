import { makeStyles } from '@fluentui/react-components';
import { tokens } from '@fluentui/tokens';

/** A ring in the brand colour, drawn with CSS so that the first page does not need Fluent's Spinner. */
export const useLoadingStyles = makeStyles({
  ring: {
    width: '28px',
    height: '28px',
    borderRadius: tokens.borderRadiusCircular,
    border: `3px solid ${tokens.colorNeutralStroke2}`,
    borderTopColor: tokens.colorBrandStroke1,
    animationName: { to: { transform: 'rotate(360deg)' } },
    animationDuration: '0.9s',
    animationTimingFunction: 'linear',
    animationIterationCount: 'infinite',
    '@media (prefers-reduced-motion: reduce)': { animationDuration: '3s' },
  },
  /** The ring at icon size, for a busy button. */
  small: {
    width: '16px',
    height: '16px',
    borderTopWidth: '2px',
    borderRightWidth: '2px',
    borderBottomWidth: '2px',
    borderLeftWidth: '2px',
  },
  /** Over the page, centred, letting clicks through; shown after 300 ms (a quicker load shows nothing). */
  overlay: {
    position: 'fixed',
    inset: 0,
    zIndex: 1000000,
    display: 'flex',
    alignItems: 'center',
    justifyContent: 'center',
    pointerEvents: 'none',
    animationName: { from: { opacity: 0 }, to: { opacity: 1 } },
    animationDelay: '300ms',
    animationDuration: '150ms',
    animationFillMode: 'both',
  },
  card: {
    padding: tokens.spacingHorizontalXL,
    borderRadius: tokens.borderRadiusXLarge,
    backgroundColor: tokens.colorNeutralBackground1,
    boxShadow: tokens.shadow16,
  },
  column: {
    display: 'flex',
    flexDirection: 'column',
    alignItems: 'center',
    gap: tokens.spacingVerticalS,
    color: tokens.colorNeutralForeground2,
  },
});
