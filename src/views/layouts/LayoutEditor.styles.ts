import { makeStyles } from '@fluentui/react-components';
import { tokens } from '@fluentui/tokens';

export const useEditorStyles = makeStyles({
  summary: { display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: tokens.spacingHorizontalM, marginBottom: tokens.spacingVerticalM },
  hint: { color: tokens.colorNeutralForeground2, margin: `${tokens.spacingVerticalXS} 0` },
  error: { color: tokens.colorPaletteRedForeground1, display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalM, flexWrap: 'wrap' },
  // The canvas beside the panel on wide screens, above it below the sm breakpoint (600 px).
  workspace: {
    display: 'grid',
    gridTemplateColumns: 'minmax(0, 1fr) minmax(260px, 320px)',
    gap: tokens.spacingHorizontalL,
    alignItems: 'start',
    '@media (max-width: 899px)': { gridTemplateColumns: 'minmax(0, 1fr)' },
  },
  canvasColumn: { minWidth: 0, display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS },
  panel: {
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalS,
    padding: tokens.spacingVerticalM,
    border: `${tokens.strokeWidthThin} solid ${tokens.colorNeutralStroke2}`,
    borderRadius: tokens.borderRadiusMedium,
    minWidth: 0,
  },
  panelTitle: { display: 'block', overflowWrap: 'anywhere', margin: 0 },
  // A text field filling its grid cell (a Fluent Input is about 190 px wide on its own: two of them overflow 360 px).
  fill: { width: '100%', minWidth: 0 },
  numbers: { display: 'grid', gridTemplateColumns: 'repeat(2, minmax(0, 1fr))', gap: tokens.spacingHorizontalS },
  panelActions: { display: 'flex', flexWrap: 'wrap', gap: tokens.spacingHorizontalS },
  zones: { listStyleType: 'none', margin: 0, padding: 0, display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalXXS },
  zoneButton: { width: '100%', justifyContent: 'flex-start', textAlign: 'start', whiteSpace: 'normal', overflowWrap: 'anywhere', height: 'auto' },
});
