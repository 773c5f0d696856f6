import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import { CHUNK_LOAD_TIMEOUT_MS } from '../../services/config.ts';

export type ChunkKind = 'script' | 'style';

/** A lazily loaded part of the app (script or style sheet) that did not arrive. */
export class ChunkLoadError extends Error {
  /** 'CSS_CHUNK_LOAD_FAILED' for a style sheet, as the spec names it; 'CHUNK_LOAD_FAILED' for a script. */
  readonly code: 'CHUNK_LOAD_FAILED' | 'CSS_CHUNK_LOAD_FAILED';

  constructor(
    readonly kind: ChunkKind,
    detail: string,
  ) {
    super(kind === 'style' ? `Loading CSS chunk failed: ${detail}` : `Loading chunk failed: ${detail}`);
    this.name = 'ChunkLoadError';
    this.code = kind === 'style' ? 'CSS_CHUNK_LOAD_FAILED' : 'CHUNK_LOAD_FAILED';
  }
}

/** Parcel's style-sheet loader rejects with the `error` event of the <link> it inserted. */
function isStyleSheetFailure(reason: unknown): boolean {
  if (typeof Event !== 'undefined' && reason instanceof Event) {
    const target = reason.target as { tagName?: string } | null;
    return target?.tagName === 'LINK';
  }
  return false;
}

function toChunkLoadError(reason: unknown): ChunkLoadError {
  if (reason instanceof ChunkLoadError) return reason;
  if (isStyleSheetFailure(reason)) return new ChunkLoadError('style', 'a style sheet did not load');
  return new ChunkLoadError('script', reason instanceof Error ? reason.message : String(reason));
}

/** Settles like `promise`, or rejects with a ChunkLoadError once `ms` have passed. */
export function withChunkTimeout<T>(promise: Promise<T>, ms: number = CHUNK_LOAD_TIMEOUT_MS): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new ChunkLoadError('script', `no answer within ${ms} ms`)), ms);
  });
  return Promise.race([promise, timeout])
    .catch((reason: unknown) => {
      throw toChunkLoadError(reason);
    })
    .finally(() => clearTimeout(timer));
}

/**
 * `React.lazy` for a module with a default-exported component, with the chunk time-out of the spec
 * (CHUNK_LOAD_TIMEOUT_MS). A failure surfaces as a ChunkLoadError to the nearest ErrorBoundary.
 *
 * Keep the `import()` literal at the call site so the bundler sees it: `lazyScreen(() => import('./X.tsx'))`.
 */
export function lazyScreen<P extends object>(
  load: () => Promise<{ default: ComponentType<P> }>,
  ms: number = CHUNK_LOAD_TIMEOUT_MS,
): LazyExoticComponent<ComponentType<P>> {
  return lazy(() => withChunkTimeout(load(), ms));
}
