import { makeStyles } from '@fluentui/react-components';
import { tokens } from '@fluentui/tokens';

const NARROW = '@media (max-width: 599px)';

export const useJournalStyles = makeStyles({
  intro: { color: tokens.colorNeutralForeground2, marginBottom: tokens.spacingVerticalM },
  filters: { display: 'flex', flexWrap: 'wrap', alignItems: 'flex-end', gap: tokens.spacingHorizontalM, marginBottom: tokens.spacingVerticalM },
  filter: { minWidth: '160px', [NARROW]: { minWidth: '0', width: '100%' } },
  date: { width: '150px', [NARROW]: { width: '100%' } },
  periodError: { color: tokens.colorPaletteRedForeground1, width: '100%' },
  changes: { margin: 0, padding: 0, listStyleType: 'none', display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalXXS },
  change: { overflowWrap: 'anywhere', wordBreak: 'break-word' },
  field: { fontWeight: tokens.fontWeightSemibold },
  before: { color: tokens.colorNeutralForeground3, textDecorationLine: 'line-through' },
  none: { color: tokens.colorNeutralForeground3 },
  pager: { display: 'flex', flexWrap: 'wrap', alignItems: 'center', justifyContent: 'flex-end', gap: tokens.spacingHorizontalM, marginTop: tokens.spacingVerticalM },
  message: { padding: tokens.spacingVerticalL, color: tokens.colorNeutralForeground2 },
  error: { padding: tokens.spacingVerticalL, color: tokens.colorPaletteRedForeground1, display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: tokens.spacingHorizontalM },
  note: { color: tokens.colorNeutralForeground3, fontSize: tokens.fontSizeBase200 },
  nowrap: { whiteSpace: 'nowrap' },
});
