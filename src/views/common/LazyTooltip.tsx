import { createPortal } from 'react-dom';
import { cloneElement, useId, useRef, useState, type ComponentType, type FocusEvent, type PointerEvent, type ReactElement } from 'react';
import { withChunkTimeout } from './lazyScreen.ts';

/*
 * A description tooltip whose Fluent parts (Tooltip, its portal and positioning: floating-ui, about 15 KB) come on the
 * first hover or focus of a trigger rather than with the list that draws it (issue 37). Until then the trigger is
 * described by a hidden copy of the text in a portal, as Fluent's tooltip describes it (aria-describedby); on the first hover or
 * focus LazyTooltipPart.tsx takes its place, showing the tooltip while the pointer or focus is still there (focus is put
 * back on the new trigger), and every tooltip drawn after that is Fluent's at once.
 */

export interface LazyTooltipProps {
  content: string;
  /** The element described; it takes aria-describedby, pointer and focus handlers (Fluent's Tooltip child). */
  children: ReactElement<Record<string, unknown>>;
  withArrow?: boolean;
}

export type LoadedTooltip = ComponentType<LazyTooltipProps & { initiallyVisible: boolean; refocus: boolean }>;

let loadedTooltip: LoadedTooltip | null = null;

export function LazyTooltip(props: LazyTooltipProps) {
  const [Loaded, setLoaded] = useState<LoadedTooltip | null>(() => loadedTooltip);
  const [failure, setFailure] = useState<unknown>(null);
  const id = useId();
  const here = useRef({ pointer: false, focus: false, loading: false, armed: false });
  if (failure) throw failure;
  if (Loaded) {
    const { pointer, focus, armed } = here.current;
    return <Loaded {...props} initiallyVisible={armed && (pointer || focus)} refocus={armed && focus} />;
  }

  const arm = () => {
    here.current.armed = true;
    if (here.current.loading) return;
    here.current.loading = true;
    withChunkTimeout(import('./LazyTooltipPart.tsx')).then(
      (module) => {
        loadedTooltip = module.default;
        setLoaded(() => module.default);
      },
      (error: unknown) => setFailure(error),
    );
  };
  const child = props.children;
  const call = (name: string, event: unknown) => (child.props[name] as ((event: unknown) => void) | undefined)?.(event);
  return (
    <>
      {cloneElement(child, {
        'aria-describedby': id,
        onPointerEnter: (event: PointerEvent) => {
          call('onPointerEnter', event);
          here.current.pointer = true;
          arm();
        },
        onPointerLeave: (event: PointerEvent) => {
          call('onPointerLeave', event);
          here.current.pointer = false;
        },
        onFocus: (event: FocusEvent) => {
          call('onFocus', event);
          here.current.focus = true;
          arm();
        },
        onBlur: (event: FocusEvent) => {
          call('onBlur', event);
          here.current.focus = false;
        },
      })}
      {/* Outside the trigger's row, as Fluent's tooltip is: in a portal on the page's body. */}
      {createPortal(
        <span id={id} hidden>
          {props.content}
        </span>,
        document.body,
      )}
    </>
  );
}
