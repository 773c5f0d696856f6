import { makeStyles } from '@fluentui/react-components';
import { tokens } from '@fluentui/tokens';

/** The power schedule editor (issue 41): a day per group, its spans as pairs of short time fields that wrap on a phone. */
export const usePowerStyles = makeStyles({
  days: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS, margin: 0, padding: 0, border: 'none', minWidth: 0 },
  day: {
    display: 'flex',
    flexWrap: 'wrap',
    alignItems: 'end',
    gap: tokens.spacingHorizontalS,
    paddingBlock: tokens.spacingVerticalXS,
    borderBottom: `${tokens.strokeWidthThin} solid ${tokens.colorNeutralStroke2}`,
    minWidth: 0,
  },
  dayName: { flexBasis: '100%', fontWeight: tokens.fontWeightSemibold, margin: 0 },
  span: { display: 'flex', alignItems: 'end', gap: tokens.spacingHorizontalXS, minWidth: 0 },
  time: { width: '88px' },
  note: { color: tokens.colorNeutralForeground3, margin: 0 },
  exceptionAdd: { display: 'flex', flexWrap: 'wrap', alignItems: 'end', gap: tokens.spacingHorizontalS },
});
