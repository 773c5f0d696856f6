import { makeStyles } from '@fluentui/react-components';
import { tokens } from '@fluentui/tokens';

/** A dataset's rows (DatasetRowsDialog): the summary, the column names, the rows as a table (cards below 600 px). */
export const useDatasetRowsStyles = makeStyles({
  surface: { width: 'min(1100px, calc(100vw - 32px))', maxWidth: 'none' },
  content: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS, minWidth: 0 },
  summary: { display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: tokens.spacingHorizontalM },
  failing: { color: tokens.colorPaletteRedForeground1, margin: 0, overflowWrap: 'anywhere' },
  hint: { color: tokens.colorNeutralForeground2, margin: 0, overflowWrap: 'anywhere' },
  error: { color: tokens.colorPaletteRedForeground1, margin: 0 },
  columns: { display: 'flex', flexWrap: 'wrap', gap: tokens.spacingHorizontalS, margin: 0, padding: tokens.spacingVerticalS, border: `${tokens.strokeWidthThin} solid ${tokens.colorNeutralStroke2}`, borderRadius: tokens.borderRadiusMedium, minWidth: 0 },
  columnInput: { flexGrow: 1, flexBasis: '140px', minWidth: 0 },
  // Below the sm breakpoint (600 px) each row is a card: its cells stacked, each named by its column.
  scroller: {
    overflowX: 'auto',
    maxWidth: '100%',
    border: `${tokens.strokeWidthThin} solid ${tokens.colorNeutralStroke2}`,
    borderRadius: tokens.borderRadiusMedium,
    '@media (max-width: 599px)': {
      overflowX: 'visible',
      border: 'none',
      '& table, & tbody, & tr, & td, & th': { display: 'block', width: '100%', boxSizing: 'border-box' },
      '& thead': { display: 'none' },
      '& tr': { borderBottom: `${tokens.strokeWidthThick} solid ${tokens.colorNeutralStroke2}`, paddingBottom: tokens.spacingVerticalS, marginBottom: tokens.spacingVerticalS },
      '& th': { textAlign: 'start' },
      '& td[data-label]::before': { content: 'attr(data-label)', display: 'block', color: tokens.colorNeutralForeground2 },
    },
  },
  table: { borderCollapse: 'collapse', minWidth: '100%' },
  cell: { padding: tokens.spacingHorizontalXXS, verticalAlign: 'top', borderBottom: `${tokens.strokeWidthThin} solid ${tokens.colorNeutralStroke3}` },
  number: { padding: tokens.spacingHorizontalXS, color: tokens.colorNeutralForeground2, textAlign: 'end', verticalAlign: 'middle' },
  input: { minWidth: '120px', width: '100%' },
  invalid: { outline: `${tokens.strokeWidthThick} solid ${tokens.colorPaletteRedBorder2}` },
  actions: { display: 'flex', flexWrap: 'wrap', gap: tokens.spacingHorizontalS },
});
