import { useMemo, useRef } from 'react';
import { Button, Dialog, DialogActions, DialogBody, DialogContent, DialogSurface, DialogTitle, Field, Input, Select, Spinner, Textarea } from '@fluentui/react-components';
import { useActorRef, useSelector } from '@xstate/react';
import { useTranslation } from 'react-i18next';
import { mediaEditMachine, type MediaEditFields } from '../../machines/media/mediaEdit.machine.ts';
import { DEVICE_TYPES } from '../../services/schemas/devices.ts';
import { SCREEN_POSITIONS, type MediaFile } from '../../services/schemas/media.ts';
import { useNotify } from '../common/notify.tsx';
import { mediaErrorKey } from './format.ts';
import { useUploadStyles } from './UploadDialog.styles.ts';

/** The edit-media form (name, description, screen position, device type). */
export function MediaEditDialog({ media, onSaved, onClose }: { media: MediaFile; onSaved: (media: MediaFile) => void; onClose: () => void }) {
  const { t } = useTranslation(['media', 'common']);
  const styles = useUploadStyles();
  const callbacks = useRef({ onSaved, onClose });
  callbacks.current = { onSaved, onClose };
  const logic = useMemo(
    () =>
      mediaEditMachine.provide({
        actions: { saved: (_, { media: saved }) => callbacks.current.onSaved(saved), closed: () => callbacks.current.onClose() },
      }),
    [],
  );
  const edit = useActorRef(logic, { input: { media } });
  const fields = useSelector(edit, (s) => s.context.fields);
  const errors = useSelector(edit, (s) => s.context.fieldErrors);
  const error = useSelector(edit, (s) => s.context.error);
  const saving = useSelector(edit, (s) => s.hasTag('busy'));
  const change = (field: keyof MediaEditFields, value: string) => edit.send({ type: 'edit.change', field, value });
  const invalid = (field: string) => (errors[field] ? t(errors[field] === 'required' ? 'common:validation.required' : 'media:validation.invalid') : undefined);

  return (
    <Dialog open modalType="modal" onOpenChange={(_, data) => !data.open && !saving && edit.send({ type: 'edit.cancel' })}>
      <DialogSurface className={styles.surface}>
        <form
          onSubmit={(event) => {
            event.preventDefault();
            edit.send({ type: 'edit.save' });
          }}
          noValidate
        >
          <DialogBody>
            <DialogTitle>{t('edit.title')}</DialogTitle>
            <DialogContent className={styles.fields}>
              <Field label={t('fields.name')} required validationState={errors.name ? 'error' : 'none'} validationMessage={invalid('name')}>
                <Input value={fields.name} onChange={(_, data) => change('name', data.value)} />
              </Field>
              <Field label={t('fields.screen_position')}>
                <Select value={fields.screen_position} onChange={(_, data) => change('screen_position', data.value)}>
                  {SCREEN_POSITIONS.map((p) => (
                    <option key={p} value={p}>
                      {t(`positions.${p}`)}
                    </option>
                  ))}
                </Select>
              </Field>
              <Field label={t('fields.device_type')}>
                <Select value={fields.device_type} onChange={(_, data) => change('device_type', data.value)}>
                  {DEVICE_TYPES.map((type) => (
                    <option key={type} value={type}>
                      {t(`deviceTypes.${type}`)}
                    </option>
                  ))}
                </Select>
              </Field>
              <Field label={t('fields.description')} validationState={errors.description ? 'error' : 'none'} validationMessage={invalid('description')}>
                <Textarea value={fields.description} onChange={(_, data) => change('description', data.value)} resize="vertical" />
              </Field>
              {error ? (
                <p role="alert" className={styles.failed}>
                  {`${t('messages.editError')}: ${t(mediaErrorKey(error))}`}
                </p>
              ) : null}
            </DialogContent>
            <DialogActions>
              <Button onClick={() => edit.send({ type: 'edit.cancel' })} disabled={saving}>
                {t('common:actions.cancel')}
              </Button>
              <Button appearance="primary" type="submit" disabled={saving} icon={saving ? <Spinner size="tiny" /> : undefined}>
                {t('common:actions.save')}
              </Button>
            </DialogActions>
          </DialogBody>
        </form>
      </DialogSurface>
    </Dialog>
  );
}

/** Toast after a save (the list and details use the same words). */
export function useEditedNotice() {
  const { t } = useTranslation('media');
  const notify = useNotify();
  return () => notify(t('messages.editSuccess'), 'success');
}
