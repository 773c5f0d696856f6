import { makeStyles } from '@fluentui/react-components';
import { tokens } from '@fluentui/tokens';

const NARROW = '@media (max-width: 599px)';

export const useCompareStyles = makeStyles({
  // The picker's "Loading…" while its first options are asked: a small ring beside the word, as Fluent's tiny Spinner.
  busy: {
    display: 'inline-flex',
    alignItems: 'center',
    gap: tokens.spacingHorizontalS,
  },
  intro: { color: tokens.colorNeutralForeground2, margin: `${tokens.spacingVerticalM} 0` },
  form: { display: 'flex', flexWrap: 'wrap', alignItems: 'flex-end', gap: tokens.spacingHorizontalM, marginBottom: tokens.spacingVerticalM },
  kind: { minWidth: '140px', [NARROW]: { minWidth: '0', width: '100%' } },
  entity: { minWidth: '240px', flexGrow: 1, maxWidth: '420px', [NARROW]: { minWidth: '0', maxWidth: 'none', width: '100%' } },
  date: { width: '150px', [NARROW]: { width: '100%' } },
  period: { width: '130px', [NARROW]: { width: '100%' } },
  combobox: { minWidth: '0', width: '100%' },
  fill: { minWidth: '0', width: '100%' },
  notice: { color: tokens.colorPaletteRedForeground1, width: '100%', margin: 0 },
  list: { display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: tokens.spacingHorizontalS, margin: `0 0 ${tokens.spacingVerticalM}`, padding: 0, listStyleType: 'none' },
  item: {
    display: 'flex',
    alignItems: 'center',
    gap: tokens.spacingHorizontalXS,
    maxWidth: '100%',
    minWidth: '0',
    padding: `${tokens.spacingVerticalXXS} ${tokens.spacingHorizontalXS} ${tokens.spacingVerticalXXS} ${tokens.spacingHorizontalS}`,
    borderRadius: tokens.borderRadiusMedium,
    border: `${tokens.strokeWidthThin} solid ${tokens.colorNeutralStroke1}`,
    backgroundColor: tokens.colorNeutralBackground2,
  },
  swatch: { flexShrink: 0, width: '10px', height: '10px', borderRadius: tokens.borderRadiusCircular },
  itemName: { overflowWrap: 'anywhere', wordBreak: 'break-word', minWidth: '0' },
  itemKind: { color: tokens.colorNeutralForeground3 },
  count: { color: tokens.colorNeutralForeground2 },
  message: { padding: tokens.spacingVerticalL, color: tokens.colorNeutralForeground2 },
  error: { padding: tokens.spacingVerticalL, color: tokens.colorPaletteRedForeground1, display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: tokens.spacingHorizontalM },
  missing: { padding: `${tokens.spacingVerticalL} 0`, color: tokens.colorPaletteRedForeground1 },
  missingTitle: { margin: `0 0 ${tokens.spacingVerticalS}` },
  missingList: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS, margin: 0, padding: 0, listStyleType: 'none' },
  missingItem: { display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: tokens.spacingHorizontalM, minWidth: '0' },
  /** The chart's legends capitalise each word ("vp9" became "Vp9"): a name is shown as written. */
  legend: { textTransform: 'none' },
  chart: { width: '100%', minWidth: '0', overflow: 'hidden', marginBottom: tokens.spacingVerticalL },
  tableBox: { width: '100%', maxHeight: '480px', overflow: 'auto', border: `${tokens.strokeWidthThin} solid ${tokens.colorNeutralStroke2}` },
  numeric: { textAlign: 'end', fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' },
  hour: { whiteSpace: 'nowrap' },
  headerName: { overflowWrap: 'anywhere', wordBreak: 'break-word', minWidth: '80px' },
  note: { color: tokens.colorNeutralForeground3, fontSize: tokens.fontSizeBase200 },
  progress: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS, margin: `${tokens.spacingVerticalM} 0`, maxWidth: '480px' },
  actions: { display: 'flex', flexWrap: 'wrap', gap: tokens.spacingHorizontalM, alignItems: 'center', width: '100%' },
  fieldset: { border: 'none', margin: 0, padding: 0, minWidth: 0, display: 'flex', flexWrap: 'wrap', alignItems: 'flex-end', gap: tokens.spacingHorizontalM, width: '100%' },
});
