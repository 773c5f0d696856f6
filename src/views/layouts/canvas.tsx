import { Suspense } from 'react';
import { Loading } from '../common/Loading.tsx';
import { lazyScreen } from '../common/lazyScreen.ts';
import type { LayoutCanvasProps } from './LayoutCanvas.tsx';

/*
 * Konva and react-konva load with the editor's canvas, in a chunk of their own (as the navigation maps' stages do):
 * the layouts list and every other screen stay without them. Same props as LayoutCanvas.tsx.
 */
const LazyLayoutCanvas = lazyScreen<LayoutCanvasProps>(() => import('./LayoutCanvas.tsx').then((m) => ({ default: m.LayoutCanvas })));

export function LayoutCanvas(props: LayoutCanvasProps) {
  return (
    <Suspense fallback={<Loading />}>
      <LazyLayoutCanvas {...props} />
    </Suspense>
  );
}
