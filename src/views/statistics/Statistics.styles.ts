import { makeStyles } from '@fluentui/react-components';
import { tokens } from '@fluentui/tokens';

const NARROW = '@media (max-width: 599px)';

export const useStatisticsStyles = makeStyles({
  form: { display: 'flex', flexWrap: 'wrap', alignItems: 'flex-end', gap: tokens.spacingHorizontalM, marginBottom: tokens.spacingVerticalM },
  campaign: { minWidth: '240px', maxWidth: '100%', [NARROW]: { minWidth: '0', width: '100%' } },
  date: { width: '150px', [NARROW]: { width: '100%' } },
  period: { width: '130px', [NARROW]: { width: '100%' } },
  /** A control that fills its field (the date input is otherwise wider than its 150 px field and meets the period's). */
  fill: { minWidth: '0', width: '100%' },
  problem: { color: tokens.colorPaletteRedForeground1, width: '100%', margin: 0 },
  message: { padding: `${tokens.spacingVerticalL} 0`, color: tokens.colorNeutralForeground2 },
  error: { padding: `${tokens.spacingVerticalL} 0`, color: tokens.colorPaletteRedForeground1, display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: tokens.spacingHorizontalM },
  summary: { display: 'flex', flexWrap: 'wrap', alignItems: 'center', justifyContent: 'space-between', gap: tokens.spacingHorizontalM, marginBottom: tokens.spacingVerticalM },
  summaryText: { overflowWrap: 'anywhere', margin: 0 },
  note: { color: tokens.colorNeutralForeground3, fontSize: tokens.fontSizeBase200, margin: 0 },
  grid: { display: 'grid', gridTemplateColumns: 'repeat(auto-fit, minmax(min(100%, 420px), 1fr))', gap: tokens.spacingHorizontalL, marginBottom: tokens.spacingVerticalXL },
  wide: { gridColumn: '1 / -1' },
  card: {
    minWidth: 0,
    padding: tokens.spacingHorizontalM,
    border: `${tokens.strokeWidthThin} solid ${tokens.colorNeutralStroke2}`,
    borderRadius: tokens.borderRadiusMedium,
    backgroundColor: tokens.colorNeutralBackground1,
  },
  cardTitle: { margin: `0 0 ${tokens.spacingVerticalS}`, fontSize: tokens.fontSizeBase400, fontWeight: tokens.fontWeightSemibold },
  chart: { width: '100%', minWidth: 0, overflow: 'hidden' },
  tableBox: { maxHeight: '420px', overflowY: 'auto', overflowX: 'auto' },
  name: { overflowWrap: 'anywhere', wordBreak: 'break-word' },
  number: { textAlign: 'end', whiteSpace: 'nowrap' },
  time: { whiteSpace: 'nowrap' },
  /** A column that gives way below 600 px (the latest plays keep time, device and media). */
  wideOnly: { [NARROW]: { display: 'none' } },
  live: { marginTop: tokens.spacingVerticalL },
  liveHead: { display: 'flex', flexWrap: 'wrap', alignItems: 'baseline', gap: tokens.spacingHorizontalL, marginBottom: tokens.spacingVerticalM },
  liveNumber: { fontSize: tokens.fontSizeHero800, fontWeight: tokens.fontWeightSemibold, color: tokens.colorNeutralForeground1, lineHeight: tokens.lineHeightHero800 },
  liveLabel: { color: tokens.colorNeutralForeground2 },
  actions: { display: 'flex', flexWrap: 'wrap', gap: tokens.spacingHorizontalS },
});
