import { useState } from 'react';
import { mergeClasses } from '@fluentui/react-components';
import { ChevronRightRegular } from '@fluentui/react-icons';
import { NavLink, useLocation } from '../app/router.tsx';
import { useTranslation } from '../../i18n.ts';
import { selectHeldForTwoFactor, selectIsAdmin, selectUser } from '../../machines/session.selectors.ts';
import { SessionContext } from '../app/actors.ts';
import { navSectionsFor, sectionOf } from './navSections.ts';
import { useSidebarNavStyles } from './SidebarNav.styles.ts';

/**
 * The sidebar's sections as disclosures: one section open at a time (the one holding the current page at
 * first), each listing links to its screens. `onNavigate` runs after a link is followed. Each header is a
 * plain button with `aria-expanded` and a closed section's links are not rendered, as Fluent's collapsible
 * Accordion did, without its motion and tabster parts in every signed-in page (issue 37).
 */
export function SidebarNav({ onNavigate }: { onNavigate?: () => void }) {
  const { t } = useTranslation('layout');
  const styles = useSidebarNavStyles();
  const { pathname } = useLocation();
  const isAdmin = SessionContext.useSelector(selectIsAdmin);
  const access = SessionContext.useSelector((snapshot) => selectUser(snapshot)?.access ?? null);
  // A user held to set up two-factor codes may use only their profile (the user menu): no section is open to them.
  const held = SessionContext.useSelector(selectHeldForTwoFactor);
  const sections = held ? [] : navSectionsFor(isAdmin, access);
  const [open, setOpen] = useState<string | null>(() => sectionOf(pathname, sections) ?? null);

  return (
    <nav aria-label={t('mainNavigation')} className={styles.root}>
      {sections.map(({ id, Icon, items }) => {
        const expanded = open === id;
        return (
          <div key={id}>
            <div className={styles.header}>
              <button type="button" aria-expanded={expanded} className={styles.button} onClick={() => setOpen(expanded ? null : id)}>
                <span className={styles.icon}>
                  <Icon />
                </span>
                {t(`sections.${id}`)}
                <span className={styles.expandIcon}>
                  <ChevronRightRegular className={mergeClasses(styles.chevron, expanded && styles.chevronOpen)} />
                </span>
              </button>
            </div>
            {expanded && (
              <div className={styles.panel}>
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
              </div>
            )}
          </div>
        );
      })}
    </nav>
  );
}
