import { makeStyles } from '@fluentui/react-components';
import { tokens } from '@fluentui/tokens';

export const useDirectoryStyles = makeStyles({
  message: { color: tokens.colorNeutralForeground2, margin: `${tokens.spacingVerticalL} 0` },
  error: { color: tokens.colorPaletteRedForeground1 },
  actions: { display: 'flex', gap: tokens.spacingHorizontalXS, flexWrap: 'wrap' },
  fields: { display: 'grid', gridTemplateColumns: 'repeat(auto-fit, minmax(200px, 1fr))', gap: tokens.spacingHorizontalM },
  // The value ("1920 x 1080 @ fps=30 @ x264") stays on one line where there is room.
  value: { fontFamily: tokens.fontFamilyMonospace, '@media (min-width: 960px)': { whiteSpace: 'nowrap' } },
});
