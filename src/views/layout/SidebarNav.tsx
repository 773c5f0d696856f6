import { Accordion, AccordionHeader, AccordionItem, AccordionPanel, mergeClasses } from '@fluentui/react-components';
import { NavLink, useLocation } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { selectIsAdmin, selectUser } from '../../machines/session.selectors.ts';
import { SessionContext } from '../app/actors.ts';
import { navSectionsFor, sectionOf } from './navSections.ts';
import { useSidebarNavStyles } from './SidebarNav.styles.ts';

/**
 * The sidebar's sections as an accordion: one section open at a time (the one holding the current page
 * at first), each listing links to its screens. `onNavigate` runs after a link is followed.
 */
export function SidebarNav({ onNavigate }: { onNavigate?: () => void }) {
  const { t } = useTranslation('layout');
  const styles = useSidebarNavStyles();
  const { pathname } = useLocation();
  const isAdmin = SessionContext.useSelector(selectIsAdmin);
  const access = SessionContext.useSelector((snapshot) => selectUser(snapshot)?.access ?? null);
  const sections = navSectionsFor(isAdmin, access);
  const current = sectionOf(pathname, sections);

  return (
    <nav aria-label={t('mainNavigation')} className={styles.root}>
      <Accordion collapsible defaultOpenItems={current ? [current] : []}>
        {sections.map(({ id, Icon, items }) => (
          <AccordionItem key={id} value={id}>
            <AccordionHeader icon={<Icon />} expandIconPosition="end">
              {t(`sections.${id}`)}
            </AccordionHeader>
            <AccordionPanel>
              <ul className={styles.list}>
                {items.map((item) => (
                  <li key={item.key}>
                    <NavLink
                      to={item.path}
                      end={item.end}
                      onClick={onNavigate}
                      className={({ isActive }) => mergeClasses(styles.link, isActive && styles.active)}
                    >
                      {t(`items.${item.key}`)}
                    </NavLink>
                  </li>
                ))}
              </ul>
            </AccordionPanel>
          </AccordionItem>
        ))}
      </Accordion>
    </nav>
  );
}
