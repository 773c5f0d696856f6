import { makeStyles } from '@fluentui/react-components';
import { tokens } from '@fluentui/tokens';

/**
 * The one form layout of the dialogs: fields one under another at their own height, each label directly above its
 * control (a Fluent Field); fields that belong together (Quiet from / until, a date and its time, the short fields of an
 * office) share a FormRow, side by side when there is room and one under another on a phone. No dialog keeps a grid of
 * its own: a multi-column grid of whole fields stretched each row to its tallest field, which pushed a short field's
 * control away from its label (70 px under "URL", 220 px under "Description").
 */
export const useFormDialogStyles = makeStyles({
  surface: { maxWidth: '760px', width: '100%', boxSizing: 'border-box' },
  fields: { display: 'flex', flexDirection: 'column', alignItems: 'stretch', gap: tokens.spacingVerticalM, minWidth: 0 },
  row: {
    display: 'grid',
    gridTemplateColumns: 'repeat(auto-fit, minmax(min(100%, 200px), 1fr))',
    alignItems: 'start',
    columnGap: tokens.spacingHorizontalL,
    rowGap: tokens.spacingVerticalM,
    minWidth: 0,
  },
  // Date and time pairs: two to four short controls, still one per line below 300 px.
  rowCompact: { gridTemplateColumns: 'repeat(auto-fit, minmax(min(100%, 140px), 1fr))' },
  failure: { color: tokens.colorPaletteRedForeground1, margin: 0 },
});
