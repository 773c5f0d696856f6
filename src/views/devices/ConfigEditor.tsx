import { Body1, Button, Caption1, DialogActions, DialogBody, DialogContent, DialogSurface, DialogTitle, Field, Spinner, Subtitle2, Textarea } from '@fluentui/react-components';
import { useSelector } from '@xstate/react';
import { useTranslation } from '../../i18n.ts';
import type { ActorRefFrom } from 'xstate';
import type { devicesConfigEditorMachine } from '../../machines/devices/devicesConfigEditor.machine.ts';
import { useDeviceConfigsStyles } from './DeviceConfigs.styles.ts';
import { Dialog } from '../common/Dialog.tsx';

type EditorActor = ActorRefFrom<typeof devicesConfigEditorMachine>;

/** The config files of the device (name, path) to pick from, and the editor of the picked one (read-only: view rights only). */
export function ConfigEditor({ editor, readOnly = false }: { editor: EditorActor; readOnly?: boolean }) {
  const { t } = useTranslation('devices');
  const styles = useDeviceConfigsStyles();
  const configs = useSelector(editor, (s) => s.context.configs);
  const selectedId = useSelector(editor, (s) => s.context.selectedId);
  const draft = useSelector(editor, (s) => s.context.draft);
  const pendingId = useSelector(editor, (s) => s.context.pendingId);
  const dirty = useSelector(editor, (s) => s.hasTag('dirty'));
  const saving = useSelector(editor, (s) => s.hasTag('busy'));
  const error = useSelector(editor, (s) => s.context.error);
  const selected = configs.find((config) => config.id === selectedId);

  return (
    <div className={styles.layout}>
      <nav aria-label={t('configs.files')}>
        <ul className={styles.files}>
          {configs.map((config) => (
            <li key={config.id}>
              <Button
                appearance={config.id === selectedId ? 'primary' : 'subtle'}
                className={styles.file}
                aria-current={config.id === selectedId ? 'true' : undefined}
                onClick={() => editor.send({ type: 'config.select', id: config.id })}
              >
                <span className={styles.fileText}>
                  <span>{config.name}</span>
                  <span className={styles.path}>{config.path}</span>
                </span>
              </Button>
            </li>
          ))}
        </ul>
      </nav>
      {selected ? (
        <form
          className={styles.editor}
          onSubmit={(event) => {
            event.preventDefault();
            editor.send({ type: 'config.save' });
          }}
        >
          <Subtitle2 as="h2" block>{selected.path}</Subtitle2>
          <Field label={t('configs.editor', { name: selected.name })} validationState={error ? 'error' : 'none'} validationMessage={error ? t(`errors.${error}`, { defaultValue: t('errors.generic') }) : undefined}>
            <Textarea textarea={{ className: styles.textarea }} readOnly={readOnly} value={draft} spellCheck={false} resize="vertical" onChange={(_, data) => editor.send({ type: 'config.edit', content: data.value })} />
          </Field>
          {readOnly ? (
            <Caption1>{t('common:viewOnly')}</Caption1>
          ) : (
            <div className={styles.editorActions}>
              <Button appearance="primary" type="submit" disabled={!dirty || saving} icon={saving ? <Spinner size="tiny" /> : undefined}>
                {t('actions.save')}
              </Button>
              <Button disabled={!dirty || saving} onClick={() => editor.send({ type: 'config.revert' })}>
                {t('configs.revert')}
              </Button>
              {dirty ? <Caption1 className={styles.modified}>{t('configs.modified')}</Caption1> : null}
            </div>
          )}
        </form>
      ) : (
        <Body1 className={styles.message}>{t('configs.pick')}</Body1>
      )}
      <Dialog open={pendingId !== null} modalType="alert">
        <DialogSurface>
          <DialogBody>
            <DialogTitle>{t('configs.unsavedTitle')}</DialogTitle>
            <DialogContent>{t('configs.switchText', { name: selected?.name ?? '' })}</DialogContent>
            <DialogActions>
              <Button appearance="primary" onClick={() => editor.send({ type: 'config.keep' })}>
                {t('configs.keep')}
              </Button>
              <Button onClick={() => editor.send({ type: 'config.discard' })}>{t('configs.discard')}</Button>
            </DialogActions>
          </DialogBody>
        </DialogSurface>
      </Dialog>
    </div>
  );
}
