import { useState, type ComponentType, type KeyboardEvent } from 'react';
import { Button } from '@fluentui/react-components';
import { PersonCircleRegular } from '@fluentui/react-icons';
import { useTranslation } from '../../i18n.ts';
import { SessionContext } from '../app/actors.ts';
import { PartLoading } from '../common/Loading.tsx';
import { withChunkTimeout } from '../common/lazyScreen.ts';

type Popover = ComponentType<{ defaultOpen: boolean }>;

/**
 * The user menu's button. The menu itself (UserMenuPopover.tsx) loads on the first open (click, Enter, Space or Down, as
 * Fluent's MenuTrigger opens it) and replaces this button with its own, already open: focus goes to the first item, and
 * back to the button when the menu closes. Until it has arrived the button stays where it is, focused.
 */
export function UserMenu() {
  const { t } = useTranslation('layout');
  const signingOut = SessionContext.useSelector((s) => s.matches('signingOut'));
  const [Loaded, setLoaded] = useState<Popover | null>(null);
  const [loading, setLoading] = useState(false);
  const [failure, setFailure] = useState<unknown>(null);
  if (failure) throw failure;
  if (Loaded) return <Loaded defaultOpen />;

  const open = () => {
    if (loading) return;
    setLoading(true);
    withChunkTimeout(import('./UserMenuPopover.tsx')).then(
      (module) => setLoaded(() => module.default),
      (error: unknown) => setFailure(error),
    );
  };
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'ArrowDown') {
      event.preventDefault();
      open();
    }
  };

  return (
    <>
      <Button
        appearance="subtle"
        icon={<PersonCircleRegular />}
        aria-label={t('userMenu')}
        aria-haspopup="menu"
        aria-expanded={false}
        disabled={signingOut}
        onClick={open}
        onKeyDown={onKeyDown}
      />
      {loading ? <PartLoading /> : null}
    </>
  );
}
