import { makeStyles } from '@fluentui/react-components';
import { tokens } from '@fluentui/tokens';

export const useDirectoryStyles = makeStyles({
  tableScroller: { overflowX: 'auto' },
  table: { minWidth: '720px' },
  message: { color: tokens.colorNeutralForeground2, margin: `${tokens.spacingVerticalL} 0` },
  error: { color: tokens.colorPaletteRedForeground1 },
  actions: { display: 'flex', gap: tokens.spacingHorizontalXS, flexWrap: 'wrap' },
  fields: { display: 'grid', gridTemplateColumns: 'repeat(auto-fit, minmax(200px, 1fr))', gap: tokens.spacingHorizontalM },
  value: { fontFamily: tokens.fontFamilyMonospace },
});
