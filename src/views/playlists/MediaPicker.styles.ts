import { makeStyles } from '@fluentui/react-components';
import { tokens } from '@fluentui/tokens';

export const usePickerStyles = makeStyles({
  surface: { maxWidth: '640px', width: '100%', boxSizing: 'border-box' },
  content: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS },
  list: { listStyleType: 'none', margin: 0, padding: 0, maxHeight: '50vh', overflowY: 'auto', display: 'flex', flexDirection: 'column' },
  item: { display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: tokens.spacingHorizontalS, minWidth: 0 },
  label: { overflowWrap: 'anywhere' },
  reason: { color: tokens.colorNeutralForeground2 },
  error: { color: tokens.colorPaletteRedForeground1, margin: 0 },
});
