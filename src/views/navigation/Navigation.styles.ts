import { makeStyles } from '@fluentui/react-components';
import { tokens } from '@fluentui/tokens';

export const useNavigationStyles = makeStyles({
  pickers: { display: 'grid', gridTemplateColumns: 'repeat(auto-fit, minmax(min(100%, 240px), 1fr))', gap: tokens.spacingHorizontalM, marginBottom: tokens.spacingVerticalL },
  dropdown: { minWidth: 0, width: '100%' },
  cards: { display: 'grid', gridTemplateColumns: 'repeat(auto-fill, minmax(240px, 1fr))', gap: tokens.spacingHorizontalM, marginBottom: tokens.spacingVerticalL },
  cardName: { overflowWrap: 'anywhere', fontWeight: tokens.fontWeightSemibold },
  cardActions: { display: 'flex', flexWrap: 'wrap', gap: tokens.spacingHorizontalXS },
  message: { color: tokens.colorNeutralForeground2, margin: `${tokens.spacingVerticalL} 0` },
  error: { color: tokens.colorPaletteRedForeground1 },
  viewer: { display: 'grid', gap: tokens.spacingVerticalM, gridTemplateColumns: 'minmax(0, 1fr)', '@media (min-width: 960px)': { gridTemplateColumns: 'minmax(0, 1fr) 280px' } },
  legend: { display: 'grid', gap: tokens.spacingVerticalXS, alignContent: 'start', margin: 0, padding: 0, listStyleType: 'none' },
  legendItem: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalS },
  swatch: { width: '24px', height: '24px', borderRadius: tokens.borderRadiusCircular, display: 'inline-flex', alignItems: 'center', justifyContent: 'center', flexShrink: 0 },
  fields: { display: 'grid', gap: tokens.spacingVerticalM },
  panel: { display: 'grid', gap: tokens.spacingVerticalM, alignContent: 'start' },
  actions: { display: 'flex', flexWrap: 'wrap', gap: tokens.spacingHorizontalS, margin: `${tokens.spacingVerticalM} 0` },
  markerList: { margin: 0, padding: 0, listStyleType: 'none', display: 'grid', gap: tokens.spacingVerticalXXS },
  shown: { margin: 0, padding: 0, border: 'none', minWidth: 0, overflowWrap: 'anywhere' },
  deviceMaps: { display: 'grid', gap: tokens.spacingVerticalS, marginBottom: tokens.spacingVerticalL },
  deviceMapList: { margin: 0, padding: 0, listStyleType: 'none', display: 'flex', flexWrap: 'wrap', gap: `${tokens.spacingVerticalXS} ${tokens.spacingHorizontalL}`, overflowWrap: 'anywhere' },
  preview: { border: `${tokens.strokeWidthThin} solid ${tokens.colorNeutralStroke1}`, maxWidth: '100%' },
});

export const useLayoutStageStyles = makeStyles({
  root: { display: 'grid', gap: tokens.spacingVerticalS, minWidth: 0 },
  toolbar: { display: 'flex', gap: tokens.spacingHorizontalXS },
  canvas: { width: '100%', minWidth: 0, overflow: 'hidden', borderRadius: tokens.borderRadiusMedium, touchAction: 'none', ':focus-visible': { outline: `${tokens.strokeWidthThick} solid ${tokens.colorStrokeFocus2}` } },
});
