import { makeStyles } from '@fluentui/react-components';
import { tokens } from '@fluentui/tokens';

export const useDeviceConfigsStyles = makeStyles({
  layout: {
    display: 'grid',
    gridTemplateColumns: '280px minmax(0, 1fr)',
    gap: tokens.spacingHorizontalL,
    alignItems: 'start',
    '@media (max-width: 960px)': { gridTemplateColumns: 'minmax(0, 1fr)' },
  },
  files: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalXS, margin: 0, padding: 0, listStyleType: 'none' },
  file: { width: '100%', justifyContent: 'flex-start', textAlign: 'start', height: 'auto', paddingTop: tokens.spacingVerticalS, paddingBottom: tokens.spacingVerticalS },
  fileText: { display: 'flex', flexDirection: 'column', alignItems: 'flex-start' },
  path: { opacity: 0.75, fontFamily: tokens.fontFamilyMonospace, fontSize: tokens.fontSizeBase200 },
  editor: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
  textarea: { fontFamily: tokens.fontFamilyMonospace, minHeight: '360px' },
  editorActions: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalS },
  modified: { color: tokens.colorPaletteMarigoldForeground2 },
  message: { color: tokens.colorNeutralForeground2 },
});
