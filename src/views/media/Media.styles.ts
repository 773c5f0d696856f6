import { makeStyles } from '@fluentui/react-components';
import { tokens } from '@fluentui/tokens';

export const useMediaStyles = makeStyles({
  toolbar: {
    display: 'flex',
    flexWrap: 'wrap',
    alignItems: 'flex-end',
    gap: tokens.spacingHorizontalM,
    marginBottom: tokens.spacingVerticalM,
  },
  search: { minWidth: 'min(260px, 100%)', flexGrow: 1, maxWidth: '420px' },
  nameLink: { overflowWrap: 'anywhere' },
  updating: { opacity: 0.7 },
  message: { color: tokens.colorNeutralForeground2, margin: `${tokens.spacingVerticalL} 0` },
  error: { color: tokens.colorPaletteRedForeground1 },
  nameCell: { paddingLeft: 0, paddingRight: 0, minWidth: 0, justifyContent: 'flex-start', textAlign: 'left' },
  pager: {
    display: 'flex',
    alignItems: 'center',
    justifyContent: 'flex-end',
    gap: tokens.spacingHorizontalS,
    marginTop: tokens.spacingVerticalM,
  },
  rowActions: { display: 'flex', gap: tokens.spacingHorizontalXS },
});
