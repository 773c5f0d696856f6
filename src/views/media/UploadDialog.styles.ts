import { makeStyles } from '@fluentui/react-components';
import { tokens } from '@fluentui/tokens';

export const useUploadStyles = makeStyles({
  surface: { maxWidth: '760px', width: '100%' },
  list: { listStyleType: 'none', margin: 0, padding: 0, display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
  item: {
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalS,
    padding: tokens.spacingVerticalS,
    border: `${tokens.strokeWidthThin} solid ${tokens.colorNeutralStroke2}`,
    borderRadius: tokens.borderRadiusMedium,
  },
  itemHeader: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalM, flexWrap: 'wrap' },
  fileName: { fontWeight: tokens.fontWeightSemibold, flexGrow: 1, wordBreak: 'break-all' },
  itemActions: { display: 'flex', gap: tokens.spacingHorizontalXS },
  fields: { display: 'grid', gridTemplateColumns: 'repeat(auto-fit, minmax(160px, 1fr))', gap: tokens.spacingHorizontalM },
  failed: { color: tokens.colorPaletteRedForeground1 },
  picker: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalM, marginBottom: tokens.spacingVerticalM, flexWrap: 'wrap' },
  hiddenInput: { display: 'none' },
});
