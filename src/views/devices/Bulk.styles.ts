import { makeStyles } from '@fluentui/react-components';
import { tokens } from '@fluentui/tokens';

export const useBulkStyles = makeStyles({
  bar: { display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: tokens.spacingHorizontalS, marginBottom: tokens.spacingVerticalM },
  surface: { maxWidth: '560px', width: '100%' },
  form: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
  select: { maxWidth: '100%', minWidth: 0, '& select': { width: '100%', minWidth: 0, textOverflow: 'ellipsis' } },
  progress: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS },
  failures: { maxHeight: '40vh', overflowY: 'auto', margin: 0, paddingInlineStart: tokens.spacingHorizontalXL, overflowWrap: 'anywhere' },
  error: { color: tokens.colorPaletteRedForeground1 },
  muted: { color: tokens.colorNeutralForeground3 },
});
