import { Suspense, type ComponentProps } from 'react';
import { Loading } from '../common/Loading.tsx';
import { lazyScreen } from '../common/lazyScreen.ts';
import type { LayoutStageProps } from './LayoutStage.tsx';
import type { PlaceholderEditor as PlaceholderEditorNow } from './PlaceholderEditor.tsx';

/*
 * The canvases draw with Konva and react-konva (its own React reconciler), about 100 KB of JavaScript as transferred:
 * a chunk of their own, loaded when a layout or a placeholder is first drawn rather than with the navigation screens
 * (issue 37). Same props as LayoutStage.tsx and PlaceholderEditor.tsx.
 */
const LazyLayoutStage = lazyScreen<LayoutStageProps>(() => import('./LayoutStage.tsx').then((m) => ({ default: m.LayoutStage })));
const LazyPlaceholderEditor = lazyScreen<ComponentProps<typeof PlaceholderEditorNow>>(() =>
  import('./PlaceholderEditor.tsx').then((m) => ({ default: m.PlaceholderEditor })),
);

export function LayoutStage(props: LayoutStageProps) {
  return (
    <Suspense fallback={<Loading />}>
      <LazyLayoutStage {...props} />
    </Suspense>
  );
}

export function PlaceholderEditor(props: ComponentProps<typeof PlaceholderEditorNow>) {
  return (
    <Suspense fallback={<Loading />}>
      <LazyPlaceholderEditor {...props} />
    </Suspense>
  );
}
