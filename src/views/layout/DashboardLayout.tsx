import { Suspense, useEffect } from 'react';
import { Caption1 } from '@fluentui/react-components';
import { useActorRef, useSelector } from '@xstate/react';
import { Outlet, useLocation } from '../app/router.tsx';
import { useTranslation } from '../../i18n.ts';
import { drawerMachine } from '../../machines/drawer.machine.ts';
import { selectDrawerOpen } from '../../machines/drawer.selectors.ts';
import { BRAND } from '../../services/config.ts';
import { ErrorBoundary } from '../common/ErrorBoundary.tsx';
import { Loading } from '../common/Loading.tsx';
import { lazyScreen } from '../common/lazyScreen.ts';
import { WIDE_SCREEN_QUERY, useMediaQuery } from '../common/useMediaQuery.ts';
import { SidebarNav } from './SidebarNav.tsx';
import { TopBar } from './TopBar.tsx';
import { useDashboardLayoutStyles } from './DashboardLayout.styles.ts';

const CONTENT_ID = 'main-content';
const NavigationDrawer = lazyScreen(() => import('./NavigationDrawer.tsx'));

/**
 * Every screen but the login: top bar, sidebar (permanent from 960 px, otherwise a 258 px drawer opened
 * from the menu button), the screen itself and the footer.
 */
export default function DashboardLayout() {
  const { t } = useTranslation('layout');
  const styles = useDashboardLayoutStyles();
  const { pathname } = useLocation();
  const wide = useMediaQuery(WIDE_SCREEN_QUERY);
  const drawer = useActorRef(drawerMachine);
  const drawerOpen = useSelector(drawer, selectDrawerOpen);

  useEffect(() => {
    if (wide) drawer.send({ type: 'drawer.close' });
  }, [wide, drawer]);

  const closeDrawer = () => drawer.send({ type: 'drawer.close' });

  return (
    <div className={styles.root}>
      <a href={`#${CONTENT_ID}`} className={styles.skipLink}>
        {t('skipToContent')}
      </a>
      <TopBar showMenuButton={!wide} drawerOpen={drawerOpen} onMenuClick={() => drawer.send({ type: 'drawer.toggle' })} />
      <div className={styles.body}>
        {wide ? (
          <aside className={styles.sidebar}>
            <div className={styles.sidebarContent}>
              <SidebarNav />
            </div>
          </aside>
        ) : (
          <Suspense fallback={null}>
            <NavigationDrawer
              open={drawerOpen}
              onOpen={() => drawer.send({ type: 'drawer.open' })}
              onClose={closeDrawer}
            />
          </Suspense>
        )}
        <div className={styles.main}>
          <main id={CONTENT_ID} tabIndex={-1} className={styles.content}>
            <ErrorBoundary resetKey={pathname}>
              <Suspense fallback={<Loading />}>
                <Outlet />
              </Suspense>
            </ErrorBoundary>
          </main>
          <footer className={styles.footer}>
            <Caption1>{t('footer', { brand: BRAND, year: new Date().getFullYear() })}</Caption1>
          </footer>
        </div>
      </div>
    </div>
  );
}
