import { makeStyles } from '@fluentui/react-components';
import { tokens } from '@fluentui/tokens';

export const useCompanyStyles = makeStyles({
  section: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS, marginBottom: tokens.spacingVerticalXL, minWidth: 0 },
  sectionHeader: { display: 'flex', flexWrap: 'wrap', alignItems: 'center', justifyContent: 'space-between', gap: tokens.spacingHorizontalM },
  message: { color: tokens.colorNeutralForeground2, margin: `${tokens.spacingVerticalS} 0` },
  error: { color: tokens.colorPaletteRedForeground1, display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalM, flexWrap: 'wrap' },
  actions: { display: 'flex', gap: tokens.spacingHorizontalXS, flexWrap: 'wrap' },
  state: { display: 'flex', gap: tokens.spacingHorizontalXS, flexWrap: 'wrap' },
  info: {
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalS,
    padding: tokens.spacingVerticalM,
    border: `${tokens.strokeWidthThin} solid ${tokens.colorNeutralStroke2}`,
    borderRadius: tokens.borderRadiusMedium,
    minWidth: 0,
  },
  counts: { display: 'flex', flexWrap: 'wrap', gap: tokens.spacingHorizontalL },
  plainList: { margin: 0, paddingLeft: tokens.spacingHorizontalXL, display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalXXS, overflowWrap: 'anywhere' },
  tree: { margin: 0, paddingLeft: tokens.spacingHorizontalL, listStyleType: 'none', display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalXS },
  treeRow: { display: 'flex', alignItems: 'center', flexWrap: 'wrap', gap: tokens.spacingHorizontalS, overflowWrap: 'anywhere', minWidth: 0 },
  treeName: { overflowWrap: 'anywhere', minWidth: 0 },
  muted: { color: tokens.colorNeutralForeground2 },
  name: { overflowWrap: 'anywhere' },
});
