import { Button, DialogActions, DialogBody, DialogContent, DialogSurface, DialogTitle, Field, Spinner, Text } from '@fluentui/react-components';
import { useSelector } from '@xstate/react';
import { useTranslation } from '../../i18n.ts';
import type { DeviceTagsImportActor } from '../../machines/devices/deviceTagsImport.machine.ts';
import { Dialog } from '../common/Dialog.tsx';
import { useBulkStyles } from './Bulk.styles.ts';

export interface TagsImportDialogProps {
  tagsImport: DeviceTagsImportActor;
}

/** The tags import (issue 41): a spreadsheet of serial numbers and tags; what it did, and each row it could not use, in words. */
export function TagsImportDialog({ tagsImport }: TagsImportDialogProps) {
  const { t, i18n } = useTranslation('devices');
  const styles = useBulkStyles();
  const busy = useSelector(tagsImport, (s) => s.hasTag('busy'));
  const done = useSelector(tagsImport, (s) => s.matches('done'));
  const { updated, problems, error } = useSelector(tagsImport, (s) => s.context);
  const number = new Intl.NumberFormat(i18n.language);
  const close = () => tagsImport.send({ type: 'tagsImport.close' });
  return (
    <Dialog open modalType="modal" onOpenChange={(_, data) => !data.open && !busy && close()}>
      <DialogSurface className={styles.surface}>
        <DialogBody>
          <DialogTitle>{t('tagsImport.title')}</DialogTitle>
          <DialogContent className={styles.form}>
            <Text>{t('tagsImport.format')}</Text>
            <Field label={t('tagsImport.file')} validationMessage={error ? t(`tagsImport.errors.${error}`, { defaultValue: t('tagsImport.errors.generic') }) : undefined}>
              {(fieldProps) => (
                <input
                  {...fieldProps}
                  type="file"
                  accept=".xlsx,.xls,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet,application/vnd.ms-excel"
                  disabled={busy}
                  onChange={(event) => {
                    const file = event.currentTarget.files?.[0];
                    if (file) tagsImport.send({ type: 'tagsImport.file', file });
                    event.currentTarget.value = '';
                  }}
                />
              )}
            </Field>
            {busy ? <Spinner size="tiny" label={t('tagsImport.working')} /> : null}
            {done ? (
              <Text role="status" weight="semibold">
                {t('tagsImport.updated', { count: updated, formatted: number.format(updated) })}
              </Text>
            ) : null}
            {problems.length ? (
              <>
                <Text role={done ? undefined : 'alert'}>{done ? t('tagsImport.unmatchedTitle', { count: problems.length, formatted: number.format(problems.length) }) : t('tagsImport.refusedTitle')}</Text>
                <ul className={styles.failures} aria-label={t('tagsImport.problemsLabel')}>
                  {problems.map((problem) => (
                    <li key={problem.line}>
                      {t('tagsImport.row', { line: number.format(problem.line), sn: problem.sn, reason: t(`tagsImport.reasons.${problem.reason}`, { defaultValue: t('tagsImport.reasons.invalid') }) })}
                    </li>
                  ))}
                </ul>
              </>
            ) : null}
          </DialogContent>
          <DialogActions>
            <Button appearance={done ? 'primary' : 'secondary'} disabled={busy} onClick={close}>
              {t('bulk.close')}
            </Button>
          </DialogActions>
        </DialogBody>
      </DialogSurface>
    </Dialog>
  );
}
