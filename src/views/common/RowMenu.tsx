import { useState, type ComponentType, type KeyboardEvent } from 'react';
import { Button } from '@fluentui/react-components';
import { MoreHorizontalRegular } from '@fluentui/react-icons';
import { PartLoading } from './Loading.tsx';
import { withChunkTimeout } from './lazyScreen.ts';

/** One action of a row's menu: its text (translated) and what it does. */
export interface RowMenuItem {
  key: string;
  label: string;
  onClick: () => void;
}

export interface RowMenuProps {
  /** The button's accessible name ("More actions for …"). */
  label: string;
  items: RowMenuItem[];
  disabled?: boolean;
}

type Popover = ComponentType<RowMenuProps & { defaultOpen: boolean }>;

/** The menu itself, once loaded: every row's later opens draw it at once. */
let loadedPopover: Popover | null = null;

/**
 * A row's "…" menu (issue 37). Fluent's Menu brings its positioning (floating-ui) and focus parts, about 12-23 KB that
 * a list would load before anyone opens a menu; so, as the user menu does (layout/UserMenu.tsx), this draws the same
 * button until the first open (click, Enter, Space or Down, as Fluent's MenuTrigger opens it), then RowMenuPopover.tsx
 * takes its place, already open: focus goes to the first item, and back to the button when the menu closes.
 */
export function RowMenu(props: RowMenuProps) {
  const [Loaded, setLoaded] = useState<Popover | null>(null);
  const [loading, setLoading] = useState(false);
  const [failure, setFailure] = useState<unknown>(null);
  if (failure) throw failure;
  if (Loaded) return <Loaded {...props} defaultOpen />;

  const show = () => {
    if (loading) return;
    if (loadedPopover) {
      setLoaded(() => loadedPopover);
      return;
    }
    setLoading(true);
    withChunkTimeout(import('./RowMenuPopover.tsx')).then(
      (module) => {
        loadedPopover = module.default;
        setLoaded(() => module.default);
      },
      (error: unknown) => setFailure(error),
    );
  };
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'ArrowDown') {
      event.preventDefault();
      show();
    }
  };

  return (
    <>
      <Button
        appearance="subtle"
        icon={<MoreHorizontalRegular />}
        aria-label={props.label}
        aria-haspopup="menu"
        aria-expanded={false}
        disabled={props.disabled}
        onClick={show}
        onKeyDown={onKeyDown}
      />
      {loading ? <PartLoading /> : null}
    </>
  );
}
