import {
  Button,
  DialogActions,
  DialogBody,
  DialogContent,
  DialogSurface,
  DialogTitle,
  Spinner,
} from '@fluentui/react-components';
import { useTranslation } from '../../i18n.ts';
import { Dialog } from './Dialog.tsx';

export interface ConfirmDeleteDialogProps {
  /** Whether the dialog is shown. */
  open: boolean;
  /** The user confirmed; the caller deletes (and closes the dialog when done). */
  onConfirm: () => void;
  /** The user cancelled (button, Escape or a click outside). */
  onCancel: () => void;
  /** While true, the delete button shows a spinner and both buttons are disabled. */
  busy?: boolean;
  /** Optional translated heading, e.g. the item's name; defaults to "Delete". */
  title?: string;
  /** Optional translated question and confirm button, for a removal that is not called a delete (a reset). */
  text?: string;
  confirmLabel?: string;
}

/**
 * The spec's delete confirmation: "Are you sure you want to delete? The delete operation cannot be undone!"
 * A modal dialog; focus starts on Cancel, Escape cancels. Loaded on first open: see ConfirmDeleteDialog.tsx.
 */
export default function ConfirmDeleteDialogSurface({ open, onConfirm, onCancel, busy = false, title, text, confirmLabel }: ConfirmDeleteDialogProps) {
  const { t } = useTranslation();
  return (
    <Dialog
      open={open}
      modalType="modal"
      onOpenChange={(_, data) => {
        if (!data.open && !busy) onCancel();
      }}
    >
      <DialogSurface aria-describedby="confirm-delete-text">
        <DialogBody>
          <DialogTitle>{title ?? t('confirmDelete.title')}</DialogTitle>
          <DialogContent id="confirm-delete-text">{text ?? t('confirmDelete.text')}</DialogContent>
          <DialogActions>
            <Button appearance="secondary" onClick={onCancel} disabled={busy}>
              {t('actions.cancel')}
            </Button>
            <Button
              appearance="primary"
              onClick={onConfirm}
              disabled={busy}
              icon={busy ? <Spinner size="tiny" /> : undefined}
            >
              {confirmLabel ?? t('actions.delete')}
            </Button>
          </DialogActions>
        </DialogBody>
      </DialogSurface>
    </Dialog>
  );
}
