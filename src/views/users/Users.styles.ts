import { makeStyles } from '@fluentui/react-components';
import { tokens } from '@fluentui/tokens';

export const useUsersStyles = makeStyles({
  message: { color: tokens.colorNeutralForeground2, margin: `${tokens.spacingVerticalL} 0` },
  error: { color: tokens.colorPaletteRedForeground1, display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalM, flexWrap: 'wrap' },
  actions: { display: 'flex', gap: tokens.spacingHorizontalXS, flexWrap: 'wrap' },
  choices: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalXXS, maxHeight: '240px', overflowY: 'auto', minWidth: 0 },
  name: { overflowWrap: 'anywhere' },
  rights: { color: tokens.colorNeutralForeground2, overflowWrap: 'anywhere' },
});
