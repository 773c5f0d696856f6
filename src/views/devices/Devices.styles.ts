import { makeStyles } from '@fluentui/react-components';
import { tokens } from '@fluentui/tokens';

export const useDevicesStyles = makeStyles({
  toolbar: {
    display: 'flex',
    flexWrap: 'wrap',
    alignItems: 'flex-end',
    gap: tokens.spacingHorizontalM,
    marginBottom: tokens.spacingVerticalM,
  },
  search: { minWidth: 'min(260px, 100%)', flexGrow: 1, maxWidth: '420px' },
  // A select is as wide as its longest option (a long company or office name): bounded, so it never passes the window.
  filter: { flexGrow: 1, flexBasis: '150px', minWidth: 0, maxWidth: '100%', '@media (min-width: 600px)': { maxWidth: '240px' }, '& select': { width: '100%', minWidth: 0, textOverflow: 'ellipsis' } },
  tagFilter: { display: 'flex', flexWrap: 'wrap', alignItems: 'flex-end', gap: tokens.spacingHorizontalS, flexGrow: 1, flexBasis: '220px', minWidth: 0 },
  statistics: {
    display: 'flex',
    gap: tokens.spacingHorizontalL,
    marginBottom: tokens.spacingVerticalM,
    color: tokens.colorNeutralForeground2,
  },
  statisticsError: {
    display: 'flex',
    alignItems: 'center',
    flexWrap: 'wrap',
    gap: tokens.spacingHorizontalS,
    marginBottom: tokens.spacingVerticalM,
    color: tokens.colorPaletteRedForeground1,
  },
  group: { marginBottom: tokens.spacingVerticalXL },
  groupHeading: { margin: `${tokens.spacingVerticalS} 0` },
  nameCell: { fontWeight: tokens.fontWeightSemibold, textAlign: 'start', overflowWrap: 'anywhere' },
  actions: { display: 'flex', flexWrap: 'wrap', gap: tokens.spacingHorizontalS },
  muted: { color: tokens.colorNeutralForeground3 },
  pager: {
    display: 'flex',
    alignItems: 'center',
    justifyContent: 'flex-end',
    gap: tokens.spacingHorizontalM,
    marginTop: tokens.spacingVerticalM,
  },
  exportBox: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalS, minWidth: '280px' },
  exportProgress: { flexGrow: 1, display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalXXS },
  /** Where the progress bar (thickness large) goes while its chunk loads. */
  exportBarSpace: { height: '4px' },
  message: { padding: tokens.spacingVerticalL, color: tokens.colorNeutralForeground2 },
  updating: { opacity: 0.6 },
  overrideMarker: { marginInlineStart: tokens.spacingHorizontalXS },
  pick: { marginInlineStart: `calc(-1 * ${tokens.spacingHorizontalS})`, verticalAlign: 'middle' },
});

export const useDeviceCardStyles = makeStyles({
  surface: { maxWidth: '760px', width: '100%' },
  // In a narrow window the card's eight actions take two thirds of the dialog if they stay pinned below the
  // content: there the whole body scrolls, details first and the actions after them.
  body: { '@media screen and (max-width: 480px)': { overflowY: 'auto', gridTemplateRows: 'auto auto auto' } },
  content: { '@media screen and (max-width: 480px)': { overflowY: 'visible' } },
  layout: {
    display: 'grid',
    gridTemplateColumns: 'minmax(0, 1fr) 240px',
    gap: tokens.spacingHorizontalL,
    '@media (max-width: 600px)': { gridTemplateColumns: 'minmax(0, 1fr)' },
  },
  fields: {
    display: 'grid',
    gridTemplateColumns: 'max-content minmax(0, 1fr)',
    columnGap: tokens.spacingHorizontalM,
    rowGap: tokens.spacingVerticalXS,
    margin: 0,
  },
  row: { display: 'contents' },
  term: { color: tokens.colorNeutralForeground3 },
  value: { margin: 0, overflowWrap: 'anywhere' },
  key: { fontFamily: tokens.fontFamilyMonospace, fontSize: tokens.fontSizeBase200 },
  photo: {
    width: '100%',
    aspectRatio: '4 / 3',
    objectFit: 'cover',
    borderRadius: tokens.borderRadiusMedium,
    backgroundColor: tokens.colorNeutralBackground3,
  },
  photoBox: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS },
  photoEmpty: {
    display: 'flex',
    alignItems: 'center',
    justifyContent: 'center',
    aspectRatio: '4 / 3',
    borderRadius: tokens.borderRadiusMedium,
    backgroundColor: tokens.colorNeutralBackground3,
    color: tokens.colorNeutralForeground3,
    textAlign: 'center',
    padding: tokens.spacingHorizontalM,
  },
  actions: { display: 'flex', flexWrap: 'wrap', gap: tokens.spacingHorizontalS },
  hidden: { display: 'none' },
});

export const useDeviceFormStyles = makeStyles({
  surface: { maxWidth: '720px', width: '100%' },
  grid: {
    display: 'grid',
    gridTemplateColumns: 'repeat(2, minmax(0, 1fr))',
    alignItems: 'start',
    gap: tokens.spacingHorizontalM,
    '@media (max-width: 600px)': { gridTemplateColumns: 'minmax(0, 1fr)' },
    // A select is as wide as its longest option (a long office name): held to its column instead.
    '& > *': { minWidth: 0 },
    '& select': { width: '100%', minWidth: 0, textOverflow: 'ellipsis' },
  },
  wide: { gridColumn: '1 / -1' },
});

export const useOverrideStyles = makeStyles({
  /** Media file, playlist, layout: on two lines rather than past the edge at 360 px. */
  choice: { flexWrap: 'wrap' },
  panel: {
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalS,
    padding: tokens.spacingHorizontalM,
    marginBottom: tokens.spacingVerticalM,
    borderRadius: tokens.borderRadiusMedium,
    border: `${tokens.strokeWidthThick} solid ${tokens.colorPaletteRedBorder2}`,
    backgroundColor: tokens.colorPaletteRedBackground1,
    color: tokens.colorNeutralForeground1,
  },
  heading: { margin: 0, fontWeight: tokens.fontWeightSemibold, overflowWrap: 'anywhere' },
  facts: {
    display: 'grid',
    gridTemplateColumns: 'max-content minmax(0, 1fr)',
    columnGap: tokens.spacingHorizontalM,
    rowGap: tokens.spacingVerticalXXS,
    margin: 0,
  },
  term: { color: tokens.colorNeutralForeground2 },
  value: { margin: 0, overflowWrap: 'anywhere' },
  row: { display: 'flex', flexWrap: 'wrap', alignItems: 'center', justifyContent: 'space-between', gap: tokens.spacingHorizontalS },
  form: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM, minWidth: 0 },
  field: { minWidth: 0, '& select': { width: '100%', minWidth: 0, textOverflow: 'ellipsis' } },
  summary: { overflowWrap: 'anywhere' },
  marker: { marginInlineStart: tokens.spacingHorizontalXS },
});
