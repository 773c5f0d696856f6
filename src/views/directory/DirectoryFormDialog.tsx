import { Button, DialogActions, DialogBody, DialogContent, DialogSurface, DialogTitle, Field, Input, Select, Spinner } from '@fluentui/react-components';
import { useSelector } from '@xstate/react';
import { useTranslation } from '../../i18n.ts';
import type { DirectoryFields } from '../../machines/directory.machine.ts';
import { selectError, selectFieldErrors, selectForm, selectIsSaving } from '../../machines/directory.selectors.ts';
import { DEVICE_TYPES } from '../../services/schemas/devices.ts';
import { QUERY_TYPES } from '../../services/schemas/directory.ts';
import { SCREEN_POSITIONS } from '../../services/schemas/media.ts';
import type { DirectoryActor } from './DirectoryTable.tsx';
import { useDirectoryStyles } from './Directory.styles.ts';
import { Dialog } from '../common/Dialog.tsx';

const FIELD_MESSAGES: Record<string, string> = {
  required: 'validation.required',
  invalid_format: 'validation.valueFormat',
  taken: 'validation.nameTaken',
};

/** Add or edit a query; the value format is checked before sending and again by the server. */
export function DirectoryFormDialog({ directory }: { directory: DirectoryActor }) {
  const { t } = useTranslation(['directory', 'common']);
  const styles = useDirectoryStyles();
  const form = useSelector(directory, selectForm);
  const errors = useSelector(directory, selectFieldErrors);
  const error = useSelector(directory, selectError);
  const saving = useSelector(directory, selectIsSaving);
  if (!form) return null;
  const adding = form.id === null;
  const change = (field: keyof DirectoryFields, value: string) => directory.send({ type: 'directory.change', field, value });
  const message = (field: string) => (errors[field] ? t(FIELD_MESSAGES[errors[field]!] ?? 'validation.invalid') : undefined);
  const failure = error && !Object.keys(errors).length ? t(adding ? 'messages.addError' : 'messages.editError') : null;

  return (
    <Dialog open modalType="modal" onOpenChange={(_, data) => !data.open && !saving && directory.send({ type: 'directory.cancel' })}>
      <DialogSurface>
        <form
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            directory.send({ type: 'directory.save' });
          }}
        >
          <DialogBody>
            <DialogTitle>{t(adding ? 'form.addTitle' : 'form.editTitle')}</DialogTitle>
            <DialogContent className={styles.fields}>
              <Field label={t('fields.name')} required validationState={errors.name ? 'error' : 'none'} validationMessage={message('name')}>
                <Input value={form.fields.name} onChange={(_, data) => change('name', data.value)} />
              </Field>
              <Field
                label={t('fields.value')}
                required
                hint={t('form.valueHint')}
                validationState={errors.value ? 'error' : 'none'}
                validationMessage={message('value')}
              >
                <Input value={form.fields.value} placeholder="1920 x 1080 @ fps=30 @ x264" onChange={(_, data) => change('value', data.value)} />
              </Field>
              <Field label={t('fields.type')}>
                <Select value={form.fields.type} onChange={(_, data) => change('type', data.value)}>
                  {QUERY_TYPES.map((type) => (
                    <option key={type} value={type}>
                      {t(`types.${type}`)}
                    </option>
                  ))}
                </Select>
              </Field>
              <Field label={t('fields.device')}>
                <Select value={form.fields.device} onChange={(_, data) => change('device', data.value)}>
                  {DEVICE_TYPES.map((type) => (
                    <option key={type} value={type}>
                      {t(`deviceTypes.${type}`)}
                    </option>
                  ))}
                </Select>
              </Field>
              <Field label={t('fields.screen')}>
                <Select value={form.fields.screen} onChange={(_, data) => change('screen', data.value)}>
                  {SCREEN_POSITIONS.map((screen) => (
                    <option key={screen} value={screen}>
                      {t(`screens.${screen}`)}
                    </option>
                  ))}
                </Select>
              </Field>
              {failure ? (
                <p role="alert" className={styles.error}>
                  {failure}
                </p>
              ) : null}
            </DialogContent>
            <DialogActions>
              <Button disabled={saving} onClick={() => directory.send({ type: 'directory.cancel' })}>
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
