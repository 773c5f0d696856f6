import { makeStyles } from '@fluentui/react-components';
import { tokens } from '@fluentui/tokens';

export const useDetailsStyles = makeStyles({
  layout: {
    display: 'grid',
    gridTemplateColumns: 'minmax(0, 2fr) minmax(240px, 1fr)',
    gap: tokens.spacingHorizontalXL,
    '@media (max-width: 959px)': { gridTemplateColumns: 'minmax(0, 1fr)' },
  },
  section: { marginBottom: tokens.spacingVerticalXL },
  heading: { margin: `0 0 ${tokens.spacingVerticalS}` },
  preview: {
    maxWidth: '100%',
    maxHeight: '320px',
    display: 'block',
    borderRadius: tokens.borderRadiusMedium,
    border: `${tokens.strokeWidthThin} solid ${tokens.colorNeutralStroke2}`,
  },
  muted: { color: tokens.colorNeutralForeground3 },
  error: { color: tokens.colorPaletteRedForeground1 },
  state: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS, alignItems: 'flex-start' },
  list: { margin: 0, paddingLeft: tokens.spacingHorizontalL },
  usageHeading: { display: 'block', margin: `${tokens.spacingVerticalS} 0 ${tokens.spacingVerticalXXS}` },
  usageNone: { margin: 0 },
  failures: { listStyle: 'none', margin: 0, padding: 0, display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS },
  failure: {
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalXXS,
    padding: tokens.spacingHorizontalS,
    borderRadius: tokens.borderRadiusMedium,
    backgroundColor: tokens.colorNeutralBackground2,
    overflowWrap: 'anywhere',
    minWidth: 0,
  },
  failureLine: { display: 'flex', flexWrap: 'wrap', alignItems: 'baseline', columnGap: tokens.spacingHorizontalS },
  failureDetail: { fontFamily: tokens.fontFamilyMonospace, fontSize: tokens.fontSizeBase200, color: tokens.colorNeutralForeground2 },
  back: { marginBottom: tokens.spacingVerticalM, display: 'inline-flex', alignItems: 'center', gap: tokens.spacingHorizontalXS },
});
