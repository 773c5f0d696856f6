import type { ComponentProps } from 'react';
import { lazyPart } from '../common/lazyPart.tsx';
import type { PlaylistFormDialog as PlaylistFormDialogNow } from './PlaylistFormDialog.tsx';

/* The playlist list's add/edit form, a chunk of its own loaded when it first opens (issue 37); same name and props. */

export const PlaylistFormDialog = lazyPart<ComponentProps<typeof PlaylistFormDialogNow>>(() =>
  import('./PlaylistFormDialog.tsx').then((m) => ({ default: m.PlaylistFormDialog })),
);
