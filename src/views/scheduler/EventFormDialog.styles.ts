import { makeStyles } from '@fluentui/react-components';
import { tokens } from '@fluentui/tokens';

export const useEventFormStyles = makeStyles({
  chips: { display: 'flex', flexWrap: 'wrap', gap: tokens.spacingHorizontalXS },
  /** Playlist, media, layout: on two lines rather than past the edge at 360 px. */
  choice: { flexWrap: 'wrap' },
  colors: { display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: tokens.spacingHorizontalXS },
  swatch: {
    width: '28px',
    height: '28px',
    minWidth: '28px',
    padding: 0,
    borderRadius: tokens.borderRadiusCircular,
    border: `${tokens.strokeWidthThick} solid ${tokens.colorNeutralStroke1}`,
    backgroundColor: 'var(--swatch)',
    cursor: 'pointer',
    ':hover': { backgroundColor: 'var(--swatch)' },
    ':hover:active': { backgroundColor: 'var(--swatch)' },
  },
  swatchChosen: { outline: `${tokens.strokeWidthThicker} solid ${tokens.colorNeutralForeground1}`, outlineOffset: '2px' },
  colorInput: { width: '44px', height: '32px', padding: 0, border: 'none', backgroundColor: 'transparent', cursor: 'pointer' },
  devices: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalXS },
  deviceList: { display: 'flex', flexDirection: 'column', maxHeight: '200px', overflowY: 'auto', border: `${tokens.strokeWidthThin} solid ${tokens.colorNeutralStroke2}`, borderRadius: tokens.borderRadiusMedium },
  hint: { margin: 0, color: tokens.colorNeutralForeground3, fontSize: tokens.fontSizeBase200 },
  actionsStart: { alignSelf: 'flex-start' },
  label: { fontWeight: tokens.fontWeightRegular },
  error: { margin: 0, color: tokens.colorPaletteRedForeground1, fontSize: tokens.fontSizeBase200 },
});
