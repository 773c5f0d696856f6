import { makeStyles, tokens } from '@fluentui/react-components';

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
  column: {
    display: 'flex',
    flexDirection: 'column',
    alignItems: 'center',
    gap: tokens.spacingVerticalS,
    color: tokens.colorNeutralForeground2,
  },
});
