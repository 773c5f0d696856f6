import { useEffect, useRef } from 'react';
import {
  Button,
  Caption1,
  DialogActions,
  DialogBody,
  DialogContent,
  DialogSurface,
  DialogTitle,
} from '@fluentui/react-components';
import { FolderOpenRegular } from '@fluentui/react-icons';
import { useSelector } from '@xstate/react';
import { useTranslation } from '../../i18n.ts';
import type { ActorRefFrom } from 'xstate';
import type { uploadMachine } from '../../machines/media/upload.machine.ts';
import { selectIsBusy, selectIsEditing, selectIsFinished, selectItems, selectSummary } from '../../machines/media/upload.selectors.ts';
import { LeaveGuard } from '../common/LeaveGuard.tsx';
import { UploadItemRow } from './UploadItemRow.tsx';
import { useUploadStyles } from './UploadDialog.styles.ts';
import { Dialog } from '../common/Dialog.tsx';

export type UploadActor = ActorRefFrom<typeof uploadMachine>;

/** The add-media form: pick files, describe each, upload them with a progress bar per file; leaving the page while sending asks first. */
export function UploadDialog({ upload, open, onClose }: { upload: UploadActor; open: boolean; onClose: () => void }) {
  const { t } = useTranslation(['media', 'common']);
  const styles = useUploadStyles();
  const input = useRef<HTMLInputElement>(null);
  const items = useSelector(upload, selectItems);
  const editing = useSelector(upload, selectIsEditing);
  const busy = useSelector(upload, selectIsBusy);
  const finished = useSelector(upload, selectIsFinished);
  const canStart = useSelector(upload, (s) => s.can({ type: 'upload.start' }));
  const summary = useSelector(upload, selectSummary, (a, b) => a.done === b.done && a.failed === b.failed && a.cancelled === b.cancelled);

  const cancelAll = useRef<HTMLButtonElement>(null);
  // The Upload button goes away when sending starts: keep focus inside the dialog (and restorable) on Cancel all.
  useEffect(() => {
    if (busy) cancelAll.current?.focus();
  }, [busy]);

  const close = () => {
    if (busy) return;
    upload.send({ type: 'upload.reset' });
    onClose();
  };

  return (
    <Dialog open={open} modalType="modal" onOpenChange={(_, data) => !data.open && close()}>
      <DialogSurface className={styles.surface}>
        <DialogBody>
          <DialogTitle>{t('upload.title')}</DialogTitle>
          <DialogContent>
            {editing ? (
              <div className={styles.picker}>
                <input
                  ref={input}
                  className={styles.hiddenInput}
                  type="file"
                  multiple
                  accept="video/*,image/*"
                  aria-label={t('upload.choose')}
                  onChange={(event) => {
                    const files = [...(event.target.files ?? [])];
                    if (files.length) upload.send({ type: 'upload.add', files });
                    event.target.value = '';
                  }}
                />
                <Button icon={<FolderOpenRegular />} onClick={() => input.current?.click()}>
                  {t('upload.choose')}
                </Button>
                <Caption1>{t('upload.hint')}</Caption1>
              </div>
            ) : null}
            <ul className={styles.list} aria-label={t('upload.files')}>
              {items.map((item) => (
                <UploadItemRow key={item.id} item={item} editing={editing} send={upload.send} />
              ))}
            </ul>
            {finished ? <p role="status">{t('upload.summary', { ...summary })}</p> : null}
            {/* Inside this dialog (which stays open while sending), so the question nests over it. */}
            <LeaveGuard
              when={busy}
              texts={{ title: t('upload.leaveTitle'), text: t('upload.leaveText'), stay: t('upload.stay'), leave: t('upload.leave') }}
            />
          </DialogContent>
          <DialogActions>
            {editing ? (
              <>
                <Button onClick={close}>{t('common:actions.cancel')}</Button>
                <Button appearance="primary" disabled={!canStart} onClick={() => upload.send({ type: 'upload.start' })}>
                  {t('upload.start')}
                </Button>
              </>
            ) : null}
            {busy ? (
              <Button ref={cancelAll} onClick={() => upload.send({ type: 'upload.cancelAll' })}>
                {t('upload.cancelAll')}
              </Button>
            ) : null}
            {finished ? (
              <Button appearance="primary" onClick={close}>
                {t('common:actions.close')}
              </Button>
            ) : null}
          </DialogActions>
        </DialogBody>
      </DialogSurface>
    </Dialog>
  );
}
