import { makeStyles } from '@fluentui/react-components';
import { tokens } from '@fluentui/tokens';

const NARROW = '@media (max-width: 599px)';
const MEDIUM = '@media (max-width: 959px)';

export const useSchedulerStyles = makeStyles({
  layout: {
    display: 'grid',
    gridTemplateColumns: 'minmax(0, 1fr) 280px',
    gap: tokens.spacingHorizontalL,
    alignItems: 'start',
    [MEDIUM]: { gridTemplateColumns: 'minmax(0, 1fr)' },
  },
  bar: { display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: tokens.spacingHorizontalM, marginBottom: tokens.spacingVerticalM },
  status: { color: tokens.colorPaletteMarigoldForeground2, fontWeight: tokens.fontWeightSemibold },
  published: { color: tokens.colorPaletteGreenForeground1 },
  filter: { minWidth: '220px', maxWidth: '360px', [NARROW]: { minWidth: '0', width: '100%', maxWidth: '100%' } },
  select: { width: '100%', minWidth: 0, maxWidth: '100%' },
  message: { padding: tokens.spacingVerticalL, color: tokens.colorNeutralForeground2 },
  error: { padding: tokens.spacingVerticalM, color: tokens.colorPaletteRedForeground1, display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: tokens.spacingHorizontalM },
  hint: { color: tokens.colorNeutralForeground3, fontSize: tokens.fontSizeBase200 },
  warnings: { margin: `${tokens.spacingVerticalXS} 0 0`, paddingLeft: tokens.spacingHorizontalL, overflowWrap: 'anywhere' },
});

/** FullCalendar's classic theme painted with the Fluent theme's tokens, so it follows all six themes. */
export const useCalendarStyles = makeStyles({
  root: {
    '--fc-classic-button': tokens.colorNeutralBackground3,
    '--fc-classic-button-border': tokens.colorNeutralStroke1,
    '--fc-classic-button-strong': tokens.colorNeutralBackground3Pressed,
    '--fc-classic-button-strong-border': tokens.colorNeutralStroke1,
    '--fc-classic-button-outline': tokens.colorStrokeFocus2,
    '--fc-classic-button-foreground': tokens.colorNeutralForeground1,
    '--fc-classic-primary': tokens.colorBrandBackground,
    '--fc-classic-primary-foreground': tokens.colorNeutralForegroundOnBrand,
    '--fc-classic-event': tokens.colorBrandBackground,
    '--fc-classic-event-contrast': tokens.colorNeutralForegroundOnBrand,
    '--fc-classic-background-event': tokens.colorPaletteGreenBackground2,
    '--fc-classic-highlight': tokens.colorBrandBackground2,
    '--fc-classic-today': tokens.colorNeutralBackground1Selected,
    '--fc-classic-now': tokens.colorPaletteRedBorder2,
    '--fc-classic-background': tokens.colorNeutralBackground1,
    '--fc-classic-faint': tokens.colorNeutralBackground2,
    '--fc-classic-muted': tokens.colorNeutralBackground3,
    '--fc-classic-strong': tokens.colorNeutralBackground4,
    '--fc-classic-foreground': tokens.colorNeutralForeground1,
    '--fc-classic-faint-foreground': tokens.colorNeutralForeground2,
    '--fc-classic-muted-foreground': tokens.colorNeutralForeground2,
    '--fc-classic-border': tokens.colorNeutralStroke2,
    '--fc-classic-strong-border': tokens.colorNeutralStroke1,
    '--fc-classic-small-dot-width': '8px',
    '--fc-classic-large-dot-width': '10px',
    color: tokens.colorNeutralForeground1,
    position: 'relative',
    minWidth: 0,
  },
  toolbar: { display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: tokens.spacingHorizontalS, marginBottom: tokens.spacingVerticalS },
  title: { flexGrow: 1, margin: 0, fontSize: tokens.fontSizeBase500, fontWeight: tokens.fontWeightSemibold, minWidth: '140px' },
  goTo: { display: 'flex', alignItems: 'flex-end', gap: tokens.spacingHorizontalXS, flexWrap: 'wrap' },
  dateInput: { width: '140px' },
  unpublished: { outline: `${tokens.strokeWidthThick} dashed ${tokens.colorPaletteMarigoldBorder2}`, outlineOffset: '-2px' },
  loading: { position: 'absolute', insetInlineEnd: 0, top: 0 },
  dropTarget: { minHeight: '200px' },
});
