import type { ComponentProps } from 'react';
import { lazyDialog, lazyPart } from '../common/lazyPart.tsx';
import type { MediaEditDialog as MediaEditDialogNow } from './MediaEditDialog.tsx';
import type { UploadDialog as UploadDialogNow } from './UploadDialog.tsx';

/*
 * The media screens' dialogs, each a chunk of its own loaded when it first opens (issue 37). Same names and props as
 * the dialogs themselves; the upload dialog stays mounted once opened (its actor lives in the screen).
 */

export const MediaEditDialog = lazyPart<ComponentProps<typeof MediaEditDialogNow>>(() =>
  import('./MediaEditDialog.tsx').then((m) => ({ default: m.MediaEditDialog })),
);

export const UploadDialog = lazyDialog<ComponentProps<typeof UploadDialogNow>>(() => import('./UploadDialog.tsx').then((m) => ({ default: m.UploadDialog })));
