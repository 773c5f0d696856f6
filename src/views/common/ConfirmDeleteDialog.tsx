import type { ConfirmDeleteDialogProps } from './ConfirmDeleteDialogSurface.tsx';
import { lazyDialog } from './lazyPart.tsx';

export type { ConfirmDeleteDialogProps };

/**
 * The spec's delete confirmation ("Are you sure you want to delete? The delete operation cannot be undone!"), a chunk of
 * its own (Fluent's Dialog, with its motion and focus trap) loaded the first time it opens: every screen that can delete
 * renders it, few open it (issue 37). The dialog itself is ConfirmDeleteDialogSurface.tsx.
 */
export const ConfirmDeleteDialog = lazyDialog<ConfirmDeleteDialogProps>(() => import('./ConfirmDeleteDialogSurface.tsx'));
