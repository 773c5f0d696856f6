import { makeStyles } from '@fluentui/react-components';
import { tokens } from '@fluentui/tokens';

export const useLayoutsStyles = makeStyles({
  toolbar: { display: 'flex', flexWrap: 'wrap', alignItems: 'flex-end', gap: tokens.spacingHorizontalM, marginBottom: tokens.spacingVerticalM },
  search: { flexGrow: 1, minWidth: '0', maxWidth: '420px', width: '100%' },
  filter: { minWidth: '0', maxWidth: '220px', flexGrow: 1 },
  message: { color: tokens.colorNeutralForeground2, margin: `${tokens.spacingVerticalL} 0` },
  error: { color: tokens.colorPaletteRedForeground1, display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalM, flexWrap: 'wrap' },
  actions: { display: 'flex', gap: tokens.spacingHorizontalXS, flexWrap: 'wrap' },
  templates: { display: 'grid', gridTemplateColumns: 'repeat(auto-fill, minmax(120px, 1fr))', gap: tokens.spacingHorizontalS },
  template: {
    display: 'flex',
    flexDirection: 'column',
    alignItems: 'stretch',
    gap: tokens.spacingVerticalXS,
    padding: tokens.spacingVerticalXS,
    minWidth: 0,
    height: 'auto',
    whiteSpace: 'normal',
  },
  sketch: { position: 'relative', width: '100%', backgroundColor: tokens.colorNeutralBackground3, borderRadius: tokens.borderRadiusSmall },
  sketchZone: {
    position: 'absolute',
    boxSizing: 'border-box',
    border: `${tokens.strokeWidthThin} solid ${tokens.colorNeutralStroke1}`,
    backgroundColor: tokens.colorBrandBackground2,
  },
});
