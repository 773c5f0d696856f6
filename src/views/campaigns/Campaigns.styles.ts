import { makeStyles } from '@fluentui/react-components';
import { tokens } from '@fluentui/tokens';

const NARROW = '@media (max-width: 599px)';

export const useCampaignsStyles = makeStyles({
  toolbar: { display: 'flex', flexWrap: 'wrap', alignItems: 'flex-end', gap: tokens.spacingHorizontalM, marginBottom: tokens.spacingVerticalM },
  search: { flexGrow: 1, minWidth: '200px', maxWidth: '420px', [NARROW]: { minWidth: '0', width: '100%', maxWidth: 'none' } },
  filter: { minWidth: '180px', [NARROW]: { minWidth: '0', width: '100%' } },
  table: { tableLayout: 'auto', width: '100%' },
  // Below the sm breakpoint each campaign becomes a stacked card.
  stackHead: { [NARROW]: { display: 'none' } },
  stackRow: {
    [NARROW]: {
      display: 'flex',
      flexDirection: 'column',
      gap: tokens.spacingVerticalXS,
      padding: `${tokens.spacingVerticalS} 0`,
      borderBottom: `${tokens.strokeWidthThin} solid ${tokens.colorNeutralStroke2}`,
    },
  },
  stackCell: { [NARROW]: { display: 'block', padding: 0, minHeight: 'auto' } },
  name: { fontWeight: tokens.fontWeightSemibold, overflowWrap: 'anywhere', wordBreak: 'break-word' },
  sub: { color: tokens.colorNeutralForeground3, fontSize: tokens.fontSizeBase200 },
  counts: { display: 'flex', flexWrap: 'wrap', gap: tokens.spacingHorizontalS },
  markers: { display: 'flex', flexWrap: 'wrap', gap: tokens.spacingHorizontalXS },
  actions: { display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: tokens.spacingHorizontalS },
  pager: { display: 'flex', flexWrap: 'wrap', alignItems: 'center', justifyContent: 'flex-end', gap: tokens.spacingHorizontalM, marginTop: tokens.spacingVerticalM },
  message: { padding: tokens.spacingVerticalL, color: tokens.colorNeutralForeground2 },
  error: { padding: tokens.spacingVerticalL, color: tokens.colorPaletteRedForeground1, display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: tokens.spacingHorizontalM },
  progress: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalXS },
  dates: { display: 'flex', flexWrap: 'wrap', gap: tokens.spacingHorizontalM },
});

export const useCampaignDevicesStyles = makeStyles({
  bar: { display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: tokens.spacingHorizontalM, marginBottom: tokens.spacingVerticalM },
  pending: { color: tokens.colorPaletteMarigoldForeground2, fontWeight: tokens.fontWeightSemibold },
  sides: {
    display: 'grid',
    gridTemplateColumns: 'minmax(0, 1fr) minmax(0, 1fr)',
    gap: tokens.spacingHorizontalL,
    '@media (max-width: 959px)': { gridTemplateColumns: 'minmax(0, 1fr)' },
  },
  side: {
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalS,
    minWidth: 0,
    padding: tokens.spacingHorizontalM,
    border: `${tokens.strokeWidthThin} solid ${tokens.colorNeutralStroke2}`,
    borderRadius: tokens.borderRadiusMedium,
    backgroundColor: tokens.colorNeutralBackground1,
  },
  sideHead: { display: 'flex', flexWrap: 'wrap', alignItems: 'baseline', justifyContent: 'space-between', gap: tokens.spacingHorizontalS, margin: 0 },
  filters: { display: 'flex', flexWrap: 'wrap', gap: tokens.spacingHorizontalS },
  search: { flexGrow: 1, minWidth: '0', width: '160px' },
  status: { minWidth: '0', width: '140px' },
  list: { listStyleType: 'none', margin: 0, padding: 0, display: 'flex', flexDirection: 'column', minHeight: '120px' },
  row: {
    display: 'grid',
    gridTemplateColumns: 'auto minmax(0, 1fr) auto',
    alignItems: 'center',
    gap: tokens.spacingHorizontalS,
    padding: `${tokens.spacingVerticalXXS} ${tokens.spacingHorizontalXS}`,
    borderBottom: `${tokens.strokeWidthThin} solid ${tokens.colorNeutralStroke3}`,
  },
  moved: { backgroundColor: tokens.colorNeutralBackground1Selected },
  device: { display: 'flex', flexDirection: 'column', minWidth: 0 },
  deviceName: { overflowWrap: 'anywhere', wordBreak: 'break-word' },
  deviceSub: { color: tokens.colorNeutralForeground3, fontSize: tokens.fontSizeBase200, overflowWrap: 'anywhere', display: 'flex', flexWrap: 'wrap', gap: tokens.spacingHorizontalS, alignItems: 'center' },
  sideActions: { display: 'flex', flexWrap: 'wrap', alignItems: 'center', justifyContent: 'space-between', gap: tokens.spacingHorizontalS },
  pager: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalXS },
  message: { padding: tokens.spacingVerticalM, color: tokens.colorNeutralForeground2 },
  error: { padding: tokens.spacingVerticalM, color: tokens.colorPaletteRedForeground1, display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: tokens.spacingHorizontalM },
  rows: { margin: 0, paddingLeft: tokens.spacingHorizontalL, maxHeight: '240px', overflowY: 'auto', overflowWrap: 'anywhere' },
  hint: { color: tokens.colorNeutralForeground3, fontSize: tokens.fontSizeBase200 },
  hiddenInput: { display: 'none' },
  checks: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalXXS, maxHeight: '320px', overflowY: 'auto' },
});
