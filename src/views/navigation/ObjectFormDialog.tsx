import { useMemo } from 'react';
import { Button, DialogActions, DialogBody, DialogContent, DialogSurface, DialogTitle, Field, Input, ProgressBar } from '@fluentui/react-components';
import { useActorRef, useSelector } from '@xstate/react';
import { useTranslation } from '../../i18n.ts';
import { objectUploadMachine, type ObjectUploadInput } from '../../machines/navigation/objectUpload.machine.ts';
import type { NavigationObject } from '../../services/navigation.service.ts';
import { errorMessageKey } from '../common/errorMessageKey.ts';
import { useNavigationStyles } from './Navigation.styles.ts';
import { Dialog } from '../common/Dialog.tsx';

const FIELD_MESSAGES: Record<string, string> = {
  required: 'form.required',
  taken: 'messages.nameTaken',
  too_large: 'messages.fileTooLarge',
  not_an_image: 'messages.notAnImage',
  invalid_image: 'messages.notAnImage',
  dimensions_too_large: 'messages.tooManyPixels',
};

function ObjectForm({ input, onDone, onClose }: { input: ObjectUploadInput; onDone: (object: NavigationObject) => void; onClose: () => void }) {
  const { t } = useTranslation(['navigation', 'common']);
  const styles = useNavigationStyles();
  const logic = useMemo(() => objectUploadMachine.provide({ actions: { saved: (_, { object }) => onDone(object) } }), [onDone]);
  const form = useActorRef(logic, { input });
  const name = useSelector(form, (s) => s.context.name);
  const fields = useSelector(form, (s) => s.context.fields);
  const error = useSelector(form, (s) => s.context.error);
  const busy = useSelector(form, (s) => s.hasTag('busy'));
  const progress = useSelector(form, (s) => (s.context.total ? s.context.loaded / s.context.total : 0));
  const fieldMessage = (field: string) => (fields[field] ? t(FIELD_MESSAGES[fields[field]!] ?? 'messages.invalid') : undefined);
  const formError = error && !Object.values(fields).some(Boolean) ? t(error === 'file_too_large' ? 'messages.fileTooLarge' : `common:${errorMessageKey(error)}`) : null;
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        form.send({ type: 'upload.submit' });
      }}
    >
      <DialogBody>
        <DialogTitle>{input.object ? t('objects.editTitle') : t('objects.addTitle')}</DialogTitle>
        <DialogContent className={styles.fields}>
          <Field label={t('objects.name')} required validationMessage={fieldMessage('name')}>
            <Input value={name} maxLength={100} disabled={busy} onChange={(_, data) => form.send({ type: 'upload.name', name: data.value })} />
          </Field>
          <Field label={input.object ? t('objects.newLayout') : t('objects.layout')} hint={t('objects.layoutHint')} required={!input.object} validationMessage={fieldMessage('layout')}>
            <input
              type="file"
              accept="image/png,image/jpeg,image/webp"
              disabled={busy}
              onChange={(event) => {
                const file = event.target.files?.[0];
                if (file) form.send({ type: 'upload.file', file });
              }}
            />
          </Field>
          {busy ? <ProgressBar value={progress} aria-label={t('objects.uploading')} /> : null}
          {formError ? <p role="alert" className={styles.error}>{formError}</p> : null}
        </DialogContent>
        <DialogActions>
          {busy ? (
            <Button onClick={() => form.send({ type: 'upload.cancel' })}>{t('objects.cancelUpload')}</Button>
          ) : (
            <Button onClick={onClose}>{t('common:actions.cancel')}</Button>
          )}
          <Button appearance="primary" type="submit" disabled={busy}>
            {t('common:actions.save')}
          </Button>
        </DialogActions>
      </DialogBody>
    </form>
  );
}

/** Add an object (name and layout image) or rename it / give it a new image, with the upload's progress. */
export function ObjectFormDialog({ input, onDone, onClose }: { input: ObjectUploadInput | null; onDone: (object: NavigationObject) => void; onClose: () => void }) {
  return (
    <Dialog open={input !== null} onOpenChange={(_, data) => !data.open && onClose()}>
      <DialogSurface>{input ? <ObjectForm input={input} onDone={onDone} onClose={onClose} /> : null}</DialogSurface>
    </Dialog>
  );
}
