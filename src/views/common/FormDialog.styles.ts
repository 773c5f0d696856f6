import { makeStyles } from '@fluentui/react-components';
import { tokens } from '@fluentui/tokens';

export const useFormDialogStyles = makeStyles({
  surface: { maxWidth: '760px', width: '100%', boxSizing: 'border-box' },
  fields: { display: 'grid', gridTemplateColumns: 'repeat(auto-fit, minmax(160px, 1fr))', gap: tokens.spacingHorizontalM },
  failure: { color: tokens.colorPaletteRedForeground1, gridColumn: '1 / -1', margin: 0 },
});
