import {
  Button,
  Menu,
  MenuDivider,
  MenuGroup,
  MenuGroupHeader,
  MenuItem,
  MenuItemRadio,
  MenuList,
  MenuPopover,
  MenuTrigger,
} from '@fluentui/react-components';
import { PersonCircleRegular, SignOutRegular } from '@fluentui/react-icons';
import { useTranslation } from '../../i18n.ts';
import { THEME_NAMES } from '../../machines/theme.machine.ts';
import { selectTheme } from '../../machines/theme.selectors.ts';
import { SessionContext, ThemeContext } from '../app/actors.ts';
// Fluent's focus manager stays for the page's life from this part's first use on (issue 37; see focusKeeper.ts).
import '../common/FocusKeeper.tsx';

/**
 * The user menu: the colour theme (six choices) and "Sign out". A chunk of its own (Fluent's Menu brings positioning
 * and tabster): UserMenu.tsx draws the same button until the first open, then this one takes over, open.
 */
export default function UserMenuPopover({ defaultOpen }: { defaultOpen: boolean }) {
  const { t } = useTranslation('layout');
  const session = SessionContext.useActorRef();
  const theme = ThemeContext.useActorRef();
  const currentTheme = ThemeContext.useSelector(selectTheme);
  const signingOut = SessionContext.useSelector((s) => s.matches('signingOut'));

  return (
    <Menu
      defaultOpen={defaultOpen}
      checkedValues={{ theme: [currentTheme] }}
      onCheckedValueChange={(_, { checkedItems }) => {
        const name = checkedItems[0];
        if (name) theme.send({ type: 'theme.set', name });
      }}
    >
      <MenuTrigger disableButtonEnhancement>
        <Button appearance="subtle" icon={<PersonCircleRegular />} aria-label={t('userMenu')} disabled={signingOut} />
      </MenuTrigger>
      <MenuPopover>
        <MenuList>
          <MenuGroup>
            <MenuGroupHeader>{t('theme')}</MenuGroupHeader>
            {THEME_NAMES.map((name) => (
              <MenuItemRadio key={name} name="theme" value={name}>
                {t(`themes.${name}`)}
              </MenuItemRadio>
            ))}
          </MenuGroup>
          <MenuDivider />
          <MenuItem icon={<SignOutRegular />} onClick={() => session.send({ type: 'session.signOut' })}>
            {t('signOut')}
          </MenuItem>
        </MenuList>
      </MenuPopover>
    </Menu>
  );
}
