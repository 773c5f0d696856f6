import { makeStyles } from '@fluentui/react-components';
import { tokens } from '@fluentui/tokens';

export const useResponsiveListStyles = makeStyles({
  table: { tableLayout: 'auto' },
  cell: { overflowWrap: 'break-word', verticalAlign: 'top', paddingBlock: tokens.spacingVerticalXS },
  nowrap: { whiteSpace: 'nowrap' },
  anywhere: { overflowWrap: 'anywhere', minWidth: '8em' },
  actionsCell: { whiteSpace: 'nowrap', verticalAlign: 'top', paddingBlock: tokens.spacingVerticalXS },
  cards: {
    listStyleType: 'none',
    margin: 0,
    padding: 0,
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalS,
  },
  card: {
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalXS,
    padding: tokens.spacingHorizontalM,
    borderRadius: tokens.borderRadiusMedium,
    border: `${tokens.strokeWidthThin} solid ${tokens.colorNeutralStroke2}`,
    backgroundColor: tokens.colorNeutralBackground1,
    minWidth: 0,
  },
  cardTitle: { fontWeight: tokens.fontWeightSemibold, overflowWrap: 'anywhere', minWidth: 0 },
  fields: {
    display: 'grid',
    // Labels take at most about 40 %, so that long values (an office) keep most of a phone's width.
    gridTemplateColumns: 'minmax(0, max-content) minmax(60%, 1fr)',
    columnGap: tokens.spacingHorizontalM,
    rowGap: tokens.spacingVerticalXXS,
    margin: 0,
  },
  field: { display: 'contents' },
  term: { color: tokens.colorNeutralForeground3, overflowWrap: 'anywhere' },
  value: { margin: 0, overflowWrap: 'anywhere', minWidth: 0 },
  cardActions: { display: 'flex', flexWrap: 'wrap', gap: tokens.spacingHorizontalS, marginTop: tokens.spacingVerticalXS },
});
