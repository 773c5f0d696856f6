import { makeStyles } from '@fluentui/react-components';
import { tokens } from '@fluentui/tokens';

export const useProfileStyles = makeStyles({
  intro: { color: tokens.colorNeutralForeground2, marginBottom: tokens.spacingVerticalM },
  sections: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalXL, maxWidth: '560px' },
  /** The API tokens' list: a table of five columns needs more than the forms' width. */
  wide: { maxWidth: '960px', marginTop: tokens.spacingVerticalXL },
  section: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
  row: { display: 'flex', flexWrap: 'wrap', alignItems: 'flex-end', gap: tokens.spacingHorizontalM },
  field: { minWidth: '0', flexGrow: 1 },
  note: { color: tokens.colorNeutralForeground3, fontSize: tokens.fontSizeBase200 },
  heading: { display: 'flex', flexWrap: 'wrap', alignItems: 'center', justifyContent: 'space-between', gap: tokens.spacingHorizontalM },
  name: { fontWeight: tokens.fontWeightSemibold, overflowWrap: 'anywhere' },
  warning: { color: tokens.colorPaletteDarkOrangeForeground1 },
  error: { color: tokens.colorPaletteRedForeground1, display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: tokens.spacingHorizontalM },
});
