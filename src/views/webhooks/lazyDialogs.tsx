import type { ComponentProps } from 'react';
import { lazyPart } from '../common/lazyPart.tsx';
import type { AlertSettingsDialogProps } from './AlertSettingsDialog.tsx';
import type * as WebhookForm from './WebhookFormDialog.tsx';

/*
 * The forms of /webhooks (an endpoint's, an office's alerts), each a chunk of its own loaded when it first opens
 * (issue 37): with them, Fluent's dialog and focus manager were on the screen's first load. Same names and props as the
 * dialogs themselves.
 */

export const WebhookFormDialog = lazyPart<ComponentProps<typeof WebhookForm.WebhookFormDialog>>(() =>
  import('./WebhookFormDialog.tsx').then((m) => ({ default: m.WebhookFormDialog })),
);

export const AlertSettingsDialog = lazyPart<AlertSettingsDialogProps>(() => import('./AlertSettingsDialog.tsx').then((m) => ({ default: m.AlertSettingsDialog })));
