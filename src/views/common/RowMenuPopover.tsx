import { Button, Menu, MenuItem, MenuList, MenuPopover, MenuTrigger } from '@fluentui/react-components';
import { MoreHorizontalRegular } from '@fluentui/react-icons';
import type { RowMenuProps } from './RowMenu.tsx';
// Fluent's focus manager stays for the page's life from this part's first use on (issue 37; see focusKeeper.ts).
import './FocusKeeper.tsx';

/** A row's menu with Fluent's Menu: a chunk of its own, drawn by RowMenu.tsx from the first open on. */
export default function RowMenuPopover({ label, items, disabled, defaultOpen }: RowMenuProps & { defaultOpen: boolean }) {
  return (
    <Menu defaultOpen={defaultOpen}>
      <MenuTrigger disableButtonEnhancement>
        <Button appearance="subtle" icon={<MoreHorizontalRegular />} aria-label={label} disabled={disabled} />
      </MenuTrigger>
      <MenuPopover>
        <MenuList>
          {items.map((item) => (
            <MenuItem key={item.key} onClick={item.onClick}>
              {item.label}
            </MenuItem>
          ))}
        </MenuList>
      </MenuPopover>
    </Menu>
  );
}
