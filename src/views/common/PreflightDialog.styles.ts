import { makeStyles } from '@fluentui/react-components';
import { tokens } from '@fluentui/tokens';

/** The publish / commit warnings dialog (PreflightDialog): the intro, then each file and its screens, wrapping at 360 px. */
export const usePreflightDialogStyles = makeStyles({
  content: { display: 'flex', flexDirection: 'column', rowGap: tokens.spacingVerticalM },
  list: { margin: 0, paddingInlineStart: tokens.spacingHorizontalXL, display: 'flex', flexDirection: 'column', rowGap: tokens.spacingVerticalS },
  line: { overflowWrap: 'anywhere' },
  screens: { color: tokens.colorNeutralForeground3, overflowWrap: 'anywhere' },
});
