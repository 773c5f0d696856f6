import { makeStyles } from '@fluentui/react-components';
import { tokens } from '@fluentui/tokens';

export const useUsersStyles = makeStyles({
  message: { color: tokens.colorNeutralForeground2, margin: `${tokens.spacingVerticalL} 0` },
  error: { color: tokens.colorPaletteRedForeground1, display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalM, flexWrap: 'wrap' },
  actions: { display: 'flex', gap: tokens.spacingHorizontalXS, flexWrap: 'wrap' },
  choices: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalXXS, maxHeight: '240px', overflowY: 'auto', minWidth: 0 },
  name: { overflowWrap: 'anywhere' },
  /** /groups' single sign-on mappings under the groups' list. */
  section: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS, marginTop: tokens.spacingVerticalXXL },
  heading: { display: 'flex', flexWrap: 'wrap', alignItems: 'center', justifyContent: 'space-between', gap: tokens.spacingHorizontalM },
  note: { color: tokens.colorNeutralForeground2, margin: '0' },
  rights: { color: tokens.colorNeutralForeground2, overflowWrap: 'anywhere' },
});
