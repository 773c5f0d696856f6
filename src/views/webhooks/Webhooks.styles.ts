import { makeStyles } from '@fluentui/react-components';
import { tokens } from '@fluentui/tokens';

export const useWebhooksStyles = makeStyles({
  // A URL breaks where <wbr> allows it (UrlText: after a slash, before a dot, ? & # =), never mid-word unless one
  // piece is wider than the line; break-word, unlike anywhere, keeps the pieces whole when the column is sized.
  url: { overflowWrap: 'break-word', wordBreak: 'normal', fontFamily: tokens.fontFamilyMonospace, minWidth: 0 },
  muted: { color: tokens.colorNeutralForeground2, overflowWrap: 'anywhere' },
  warning: { color: tokens.colorPaletteRedForeground1, overflowWrap: 'anywhere' },
  panel: {
    marginTop: tokens.spacingVerticalL,
    padding: tokens.spacingHorizontalM,
    border: `${tokens.strokeWidthThin} solid ${tokens.colorNeutralStroke2}`,
    borderRadius: tokens.borderRadiusMedium,
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalS,
    minWidth: 0,
  },
  answer: { whiteSpace: 'pre-wrap', overflowWrap: 'anywhere', fontFamily: tokens.fontFamilyMonospace, margin: 0, maxHeight: '160px', overflowY: 'auto' },
  list: { margin: 0, paddingLeft: tokens.spacingHorizontalL, display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalXS },
  section: { marginTop: tokens.spacingVerticalXXL, display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS, minWidth: 0 },
  choices: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalXXS },
});
