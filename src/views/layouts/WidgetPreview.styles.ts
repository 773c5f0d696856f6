import { makeStyles } from '@fluentui/react-components';
import { tokens } from '@fluentui/tokens';

export const useWidgetPreviewStyles = makeStyles({
  frame: {
    position: 'relative',
    width: '100%',
    maxHeight: '240px',
    overflow: 'hidden',
    border: `${tokens.strokeWidthThin} dashed ${tokens.colorNeutralStroke1}`,
    borderRadius: tokens.borderRadiusMedium,
    backgroundColor: tokens.colorNeutralBackground3,
    display: 'flex',
    alignItems: 'center',
    justifyContent: 'center',
    padding: tokens.spacingHorizontalS,
    boxSizing: 'border-box',
  },
  host: { position: 'absolute', inset: 0, overflow: 'hidden' },
  text: { overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap', maxWidth: '100%' },
});
