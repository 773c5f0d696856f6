import { makeStyles } from '@fluentui/react-components';
import { tokens } from '@fluentui/tokens';

export const useContentStyles = makeStyles({
  grid: { display: 'grid', gridTemplateColumns: 'repeat(auto-fit, minmax(min(100%, 280px), 1fr))', gap: tokens.spacingHorizontalL },
  card: { minWidth: 0 },
  counts: { margin: 0, display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalXS },
  count: { display: 'flex', justifyContent: 'space-between', gap: tokens.spacingHorizontalM, '& dd': { margin: 0, fontWeight: tokens.fontWeightSemibold } },
  list: { margin: 0, paddingLeft: tokens.spacingHorizontalL, display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalXS, overflowWrap: 'anywhere' },
  muted: { color: tokens.colorNeutralForeground2 },
  error: { color: tokens.colorPaletteRedForeground1, display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalM, flexWrap: 'wrap' },
});
