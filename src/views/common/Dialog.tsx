import { useEffect, useRef } from 'react';
import { Dialog as FluentDialog, type DialogProps } from '@fluentui/react-components';
// Fluent's focus manager stays for the page's life from this part's first use on (issue 37; see focusKeeper.ts).
import './FocusKeeper.tsx';

/** Controls inside these give focus back to their own opener when they close (a menu's items, a combobox's options). */
const TRANSIENT = '[role="menu"], [role="listbox"]';

/** The last element focused outside a menu or listbox: the menu button when a dialog opens from one of its items. */
let lastSteadyFocus: HTMLElement | null = null;
if (typeof document !== 'undefined') {
  document.addEventListener(
    'focusin',
    (event) => {
      if (event.target instanceof HTMLElement && !event.target.closest(TRANSIENT)) lastSteadyFocus = event.target;
    },
    true,
  );
}

const currentOpener = (): HTMLElement | null => {
  const active = document.activeElement;
  if (active instanceof HTMLElement && active !== document.body && !active.closest(TRANSIENT)) return active;
  return lastSteadyFocus;
};

const focusWasLost = () => {
  const active = document.activeElement;
  return !active || active === document.body || !active.isConnected;
};

/**
 * Gives focus back to the control that opened a dialog when it closes (Escape, Save, Cancel, unmount), as a
 * `DialogTrigger` would: the element focused when it opened, or the menu button whose item opened it. Nothing moves
 * when something else has taken focus meanwhile, or when the opener is gone (its row was deleted).
 */
export function useReturnFocus(open: boolean): void {
  const opener = useRef<HTMLElement | null>(null);
  if (open && opener.current === null && typeof document !== 'undefined') opener.current = currentOpener();
  useEffect(() => {
    if (!open) return undefined;
    return () => {
      const target = opener.current;
      opener.current = null;
      // After the surface has left the DOM and Fluent's own focus handling has run.
      setTimeout(() => {
        if (target?.isConnected && focusWasLost()) target.focus();
      }, 0);
    };
  }, [open]);
}

/** Fluent's `Dialog` that gives focus back to its opener when it closes: every dialog of the app uses this one. */
export function Dialog(props: DialogProps) {
  useReturnFocus(props.open ?? props.defaultOpen ?? false);
  return <FluentDialog {...props} />;
}
