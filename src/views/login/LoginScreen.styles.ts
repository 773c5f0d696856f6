import { makeStyles } from '@fluentui/react-components';
import { tokens } from '@fluentui/tokens';

/** The faded background picture's url("..."), set on the root by the screen (styles are compiled at build time). */
export const BACKGROUND_IMAGE_VARIABLE = '--vitrine-login-background';

export const useLoginStyles = makeStyles({
  /** Why the password form is shown again (a second step that expired). */
  notice: { color: tokens.colorPaletteRedForeground1 },
  switchCode: { alignSelf: 'flex-start' },
  root: {
    position: 'relative',
    display: 'flex',
    flexDirection: 'column',
    alignItems: 'center',
    gap: tokens.spacingVerticalL,
    minHeight: '100vh',
    padding: tokens.spacingHorizontalL,
    boxSizing: 'border-box',
    backgroundColor: tokens.colorNeutralBackground3,
    '::before': {
      content: '""',
      position: 'absolute',
      inset: 0,
      backgroundImage: `var(${BACKGROUND_IMAGE_VARIABLE})`,
      backgroundSize: 'cover',
      backgroundPosition: 'center',
      opacity: 0.45,
      pointerEvents: 'none',
    },
  },
  card: {
    position: 'relative',
    marginTop: 'auto',
    width: '100%',
    maxWidth: '360px',
    boxSizing: 'border-box',
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalL,
    padding: tokens.spacingHorizontalXXL,
    borderRadius: tokens.borderRadiusXLarge,
    backgroundColor: tokens.colorNeutralBackground1,
    boxShadow: tokens.shadow28,
  },
  header: {
    display: 'flex',
    flexDirection: 'column',
    alignItems: 'center',
    gap: tokens.spacingVerticalS,
  },
  logo: {
    width: '64px',
    height: '64px',
  },
  heading: {
    margin: 0,
    textAlign: 'center',
  },
  form: {
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalM,
  },
  // The spec's footer (product name and current year) on this layout too, on a plain surface over the picture.
  footer: {
    position: 'relative',
    marginTop: 'auto',
    paddingBlock: tokens.spacingVerticalXXS,
    paddingInline: tokens.spacingHorizontalS,
    borderRadius: tokens.borderRadiusMedium,
    backgroundColor: tokens.colorNeutralBackground1,
    color: tokens.colorNeutralForeground2,
  },
  submit: {
    marginTop: tokens.spacingVerticalS,
  },
  // Single sign-on (SsoButton.tsx, SsoLanding.tsx): below the password form, and the refusal page's ways out.
  sso: {
    display: 'flex',
    flexDirection: 'column',
  },
  // Fluent's Divider with its text in the middle: a line each side of "or".
  ssoDivider: {
    display: 'flex',
    alignItems: 'center',
    gap: tokens.spacingHorizontalS,
    marginBlock: tokens.spacingVerticalS,
    color: tokens.colorNeutralForeground2,
    fontFamily: tokens.fontFamilyBase,
    fontSize: tokens.fontSizeBase200,
    lineHeight: tokens.lineHeightBase200,
    '::before': { content: '""', flexGrow: 1, borderTopWidth: tokens.strokeWidthThin, borderTopStyle: 'solid', borderTopColor: tokens.colorNeutralStroke2 },
    '::after': { content: '""', flexGrow: 1, borderTopWidth: tokens.strokeWidthThin, borderTopStyle: 'solid', borderTopColor: tokens.colorNeutralStroke2 },
  },
  ssoActions: {
    display: 'flex',
    flexWrap: 'wrap',
    gap: tokens.spacingHorizontalS,
  },
});
