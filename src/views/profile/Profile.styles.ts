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
  /** The QR code: black on white whatever the theme (what the apps read), at most 220 px, smaller on narrow screens. */
  qr: { width: '100%', maxWidth: '220px', aspectRatio: '1', display: 'block' },
  secret: { fontFamily: tokens.fontFamilyMonospace, overflowWrap: 'anywhere', userSelect: 'all' },
  codes: { fontFamily: tokens.fontFamilyMonospace, display: 'grid', gridTemplateColumns: 'repeat(auto-fill, minmax(8em, 1fr))', gap: tokens.spacingVerticalXS, margin: '0', padding: '0', listStyleType: 'none' },
  actions: { display: 'flex', flexWrap: 'wrap', gap: tokens.spacingHorizontalS },
  error: { color: tokens.colorPaletteRedForeground1, display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: tokens.spacingHorizontalM },
});
