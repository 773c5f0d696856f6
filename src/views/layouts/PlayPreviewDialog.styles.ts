import { makeStyles } from '@fluentui/react-components';
import { tokens } from '@fluentui/tokens';

// The web player's stage classes (src/player/player.css), scoped to the preview: two layers per zone, one shown.
export const usePlayPreviewStyles = makeStyles({
  surface: { width: 'min(960px, calc(100vw - 32px))', maxWidth: 'none' },
  content: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS },
  stage: {
    position: 'relative',
    width: '100%',
    maxHeight: '65vh',
    overflow: 'hidden',
    borderRadius: tokens.borderRadiusMedium,
    backgroundColor: tokens.colorNeutralBackgroundInverted,
    '& .layout-canvas, & .zone': { position: 'absolute', overflow: 'hidden' },
    '& .layer': { position: 'absolute', inset: 0, visibility: 'hidden' },
    '& .layer.shown': { visibility: 'visible' },
    '& .layer img, & .layer video': { position: 'absolute', inset: 0, width: '100%', height: '100%', objectFit: 'contain', display: 'none' },
    '& .layer.image img, & .layer.video video': { display: 'block' },
  },
  error: { color: tokens.colorPaletteRedForeground1 },
});
