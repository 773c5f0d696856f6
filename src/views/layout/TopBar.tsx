import { Button, Text } from '@fluentui/react-components';
import { NavigationRegular } from '@fluentui/react-icons';
import { Link } from '../app/router.tsx';
import { useTranslation } from '../../i18n.ts';
import { selectUserStatus } from '../../machines/session.selectors.ts';
import { BRAND, DEFAULT_START_PATH } from '../../services/config.ts';
import { tokenStore } from '../../services/tokenStore.ts';
import { SessionContext } from '../app/actors.ts';
import { LanguagePicker } from './LanguagePicker.tsx';
import { UserMenu } from './UserMenu.tsx';
import { useTopBarStyles } from './TopBar.styles.ts';

const logoUrl = new URL('../../assets/logo.svg', import.meta.url).href;

export interface TopBarProps {
  /** Narrow screens: show the button that opens the navigation drawer. */
  showMenuButton: boolean;
  drawerOpen: boolean;
  onMenuClick: () => void;
}

/** The top bar: menu button (narrow screens), brand, language picker, run name and user menu. */
export function TopBar({ showMenuButton, drawerOpen, onMenuClick }: TopBarProps) {
  const { t } = useTranslation('layout');
  const styles = useTopBarStyles();
  // The stored run name changes when the profile loads or the user signs out: re-read it on those.
  SessionContext.useSelector(selectUserStatus);
  const runName = tokenStore.getRunName() || t('unknownName');

  return (
    <header className={styles.root}>
      {showMenuButton ? (
        <Button
          appearance="subtle"
          icon={<NavigationRegular />}
          aria-label={t('openNavigation')}
          aria-expanded={drawerOpen}
          aria-controls="app-navigation-drawer"
          onClick={onMenuClick}
        />
      ) : null}
      <Link to={DEFAULT_START_PATH} className={styles.brand} aria-label={t('brandHome')}>
        <img src={logoUrl} alt="" className={styles.logo} />
        <span>{BRAND}</span>
      </Link>
      <span className={styles.spacer} />
      <LanguagePicker className={styles.language} />
      <Text className={styles.runName} title={t('signedInAs', { name: runName })}>
        {runName}
      </Text>
      <UserMenu />
    </header>
  );
}
