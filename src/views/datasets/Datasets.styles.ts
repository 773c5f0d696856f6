import { makeStyles } from '@fluentui/react-components';
import { tokens } from '@fluentui/tokens';

export const useDatasetsStyles = makeStyles({
  toolbar: { display: 'flex', flexWrap: 'wrap', alignItems: 'flex-end', gap: tokens.spacingHorizontalM, marginBottom: tokens.spacingVerticalM },
  search: { flexGrow: 1, minWidth: '0', maxWidth: '420px', width: '100%' },
  message: { color: tokens.colorNeutralForeground2, margin: `${tokens.spacingVerticalL} 0` },
  error: { color: tokens.colorPaletteRedForeground1, display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalM, flexWrap: 'wrap' },
  failing: { color: tokens.colorPaletteRedForeground1 },
  source: { overflowWrap: 'anywhere' },
  actions: { display: 'flex', gap: tokens.spacingHorizontalXS, flexWrap: 'wrap' },
  headerActions: { display: 'flex', gap: tokens.spacingHorizontalS, flexWrap: 'wrap' },
});
