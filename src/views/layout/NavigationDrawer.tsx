import { Button, DrawerBody, DrawerHeader, DrawerHeaderTitle, OverlayDrawer } from '@fluentui/react-components';
import { DismissRegular } from '@fluentui/react-icons';
import { useTranslation } from '../../i18n.ts';
import { BRAND } from '../../services/config.ts';
import { useDashboardLayoutStyles } from './DashboardLayout.styles.ts';
import { SidebarNav } from './SidebarNav.tsx';
// Fluent's focus manager stays for the page's life from this part's first use on (issue 37; see focusKeeper.ts).
import '../common/FocusKeeper.tsx';

/**
 * The sidebar below 960 px: a 258 px drawer opened from the menu button. A chunk of its own (Fluent's drawer, dialog
 * and motion), loaded only on narrow screens (issue 37).
 */
export default function NavigationDrawer({ open, onOpen, onClose }: { open: boolean; onOpen: () => void; onClose: () => void }) {
  const { t } = useTranslation('layout');
  const styles = useDashboardLayoutStyles();
  return (
    <OverlayDrawer id="app-navigation-drawer" className={styles.drawer} open={open} onOpenChange={(_, data) => (data.open ? onOpen() : onClose())}>
      <DrawerHeader>
        <DrawerHeaderTitle action={<Button appearance="subtle" icon={<DismissRegular />} aria-label={t('closeNavigation')} onClick={onClose} />}>
          {BRAND}
        </DrawerHeaderTitle>
      </DrawerHeader>
      <DrawerBody className={styles.drawerBody}>
        <SidebarNav onNavigate={onClose} />
      </DrawerBody>
    </OverlayDrawer>
  );
}
