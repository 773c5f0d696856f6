import { Suspense, useState, type ComponentType, type ReactNode } from 'react';
import { PartLoading } from './Loading.tsx';
import { lazyScreen } from './lazyScreen.ts';

/*
 * Parts of a screen that are not on it at first (dialogs, menus' popovers, canvases) are chunks of their own, loaded when
 * first shown (issue 37): a screen's first load carries only what it draws. While a chunk is on its way, `PartLoading`
 * says so over the page (it fades in only after a moment, so a quick load shows nothing) without taking focus, so the
 * dialog that arrives finds its opener focused as if it had opened at once.
 */

/** A lazily loaded component with the same props as `load`'s default export, shown with `fallback` until it arrives. */
export function lazyPart<P extends object>(
  load: () => Promise<{ default: ComponentType<P> }>,
  fallback: ReactNode = <PartLoading />,
): ComponentType<P> {
  const Lazy = lazyScreen(load) as unknown as ComponentType<P>;
  function LazyPart(props: P) {
    return (
      <Suspense fallback={fallback}>
        <Lazy {...props} />
      </Suspense>
    );
  }
  return LazyPart;
}

/**
 * A dialog that is always rendered with an `open` prop, loaded the first time it opens and kept mounted from then on
 * (its closing animation and state stay Fluent's). Nothing is loaded or drawn while it has never been open.
 */
export function lazyDialog<P extends { open: boolean }>(load: () => Promise<{ default: ComponentType<P> }>): ComponentType<P> {
  const Lazy = lazyScreen(load) as unknown as ComponentType<P>;
  function LazyDialog(props: P) {
    const [opened, setOpened] = useState(props.open);
    if (props.open && !opened) setOpened(true);
    if (!opened && !props.open) return null;
    return (
      <Suspense fallback={props.open ? <PartLoading /> : null}>
        <Lazy {...props} />
      </Suspense>
    );
  }
  return LazyDialog;
}
