import { useMemo, useRef } from 'react';
import { Body1, Button, DialogActions, DialogBody, DialogContent, DialogSurface, DialogTitle, Input } from '@fluentui/react-components';
import { AddRegular, ArrowSyncRegular, DeleteRegular } from '@fluentui/react-icons';
import { useActorRef, useSelector } from '@xstate/react';
import { useTranslation } from '../../i18n.ts';
import { ROWS_PAGE, datasetRowsMachine } from '../../machines/datasets/datasetRows.machine.ts';
import type { Dataset } from '../../services/datasets.service.ts';
import { ConfirmDeleteDialog } from '../common/ConfirmDeleteDialog.tsx';
import { formatDateTime } from '../common/dateTime.ts';
import { Dialog } from '../common/Dialog.tsx';
import { Loading } from '../common/Loading.tsx';
import { useNotify } from '../common/notify.tsx';
import { Pager } from '../playlists/Pager.tsx';
import { useDatasetRowsStyles } from './DatasetRowsDialog.styles.ts';
import { datasetErrorKey, readFailureText } from './format.ts';

interface Props {
  datasetId: number;
  /** Edit rights of the media area (without them the rows are shown, not edited). */
  canEdit: boolean;
  /** A save or a refresh changed the table: the list shows the new version. */
  onSaved: (dataset: Dataset) => void;
  onClose: () => void;
}

/** A dataset's rows (issue 38): viewed, edited (cells, column names, rows added and deleted) and saved as a new version; a URL dataset read again by "Refresh now". */
export function DatasetRowsDialog({ datasetId, canEdit, onSaved, onClose }: Props) {
  const { t, i18n } = useTranslation(['datasets', 'common']);
  const styles = useDatasetRowsStyles();
  const notify = useNotify();
  // The actor keeps the logic it started with: the callback is read through a ref, so the latest one runs.
  const savedRef = useRef(onSaved);
  savedRef.current = onSaved;
  const logic = useMemo(
    () => datasetRowsMachine.provide({ actions: { notify: (_, { key, intent }) => notify(i18n.t(`datasets:${key}`), intent), saved: (_, { dataset }) => savedRef.current(dataset) } }),
    [notify, i18n],
  );
  const rows = useActorRef(logic, { input: { datasetId } });
  const dataset = useSelector(rows, (s) => s.context.dataset);
  const columns = useSelector(rows, (s) => s.context.columns);
  const draft = useSelector(rows, (s) => s.context.rows);
  const page = useSelector(rows, (s) => s.context.page);
  const deleting = useSelector(rows, (s) => s.context.deleting);
  const error = useSelector(rows, (s) => s.context.error);
  const fields = useSelector(rows, (s) => s.context.fields);
  const loading = useSelector(rows, (s) => s.hasTag('loading'));
  const failed = useSelector(rows, (s) => s.matches('loadFailed'));
  const dirty = useSelector(rows, (s) => s.hasTag('dirty'));
  const busy = useSelector(rows, (s) => s.hasTag('busy'));
  const refreshing = useSelector(rows, (s) => s.matches({ ready: 'refreshing' }));
  const number = new Intl.NumberFormat(i18n.language);
  const fromUrl = !!dataset?.source;
  const editable = canEdit && !fromUrl && !busy;
  const first = (page - 1) * ROWS_PAGE;
  const shown = draft.slice(first, first + ROWS_PAGE);
  const fieldError = (key: string) => (fields[key] ? t(`rows.problems.${fields[key]}`, { defaultValue: t('rows.problems.invalid') }) : undefined);
  const tableError = Object.entries(fields)[0];

  return (
    <Dialog open modalType="modal" onOpenChange={(_, data) => (data.open || dirty || busy ? undefined : onClose())}>
      <DialogSurface className={styles.surface}>
        <DialogBody>
          <DialogTitle>{dataset ? t('rows.title', { name: dataset.name }) : t('rows.loading')}</DialogTitle>
          <DialogContent className={styles.content}>
            {loading ? <Loading /> : null}
            {failed ? (
              <p role="alert" className={styles.error}>
                {t(datasetErrorKey(error))} <Button onClick={() => rows.send({ type: 'rows.retry' })}>{t('actions.retry')}</Button>
              </p>
            ) : null}
            {dataset ? (
              <>
                <div className={styles.summary}>
                  <Body1>{t('rows.version', { version: number.format(dataset.version) })}</Body1>
                  <Body1>{t('list.rows', { count: dataset.row_count, formatted: number.format(dataset.row_count) })}</Body1>
                  {fromUrl && canEdit ? (
                    <Button icon={<ArrowSyncRegular />} disabled={busy || dirty} onClick={() => rows.send({ type: 'rows.refresh' })}>
                      {refreshing ? t('rows.refreshing') : t('rows.refresh')}
                    </Button>
                  ) : null}
                </div>
                {dataset.source ? (
                  dataset.source.failed_since ? (
                    <p role="status" className={styles.failing}>
                      {t('rows.failing', { since: formatDateTime(dataset.source.failed_since, i18n.language, ''), reason: readFailureText(t as never, dataset.source.error) })}
                    </p>
                  ) : (
                    <p className={styles.hint}>{t('rows.fromUrl', { at: formatDateTime(dataset.source.fetched_at, i18n.language, t('list.never')) })}</p>
                  )
                ) : null}
                {tableError && !busy ? (
                  <p role="alert" className={styles.error}>
                    {t(`rows.problems.${tableError[1]}`, { defaultValue: t('rows.problems.invalid') })} ({tableError[0]})
                  </p>
                ) : error && !failed && !fromUrl ? (
                  <p role="alert" className={styles.error}>
                    {t(datasetErrorKey(error))}
                  </p>
                ) : null}
                {editable ? (
                  <fieldset className={styles.columns}>
                    <legend>{t('rows.columns')}</legend>
                    {columns.map((name, column) => (
                      <Input
                        key={column}
                        className={`${styles.columnInput} ${fields[`columns.${column}.name`] ? styles.invalid : ''}`}
                        aria-label={t('rows.columnName', { number: column + 1 })}
                        aria-invalid={!!fields[`columns.${column}.name`]}
                        aria-description={fieldError(`columns.${column}.name`)}
                        value={name}
                        onChange={(_, data) => rows.send({ type: 'column.rename', column, name: data.value })}
                      />
                    ))}
                  </fieldset>
                ) : null}
                <div className={styles.scroller}>
                  <table className={styles.table} aria-label={t('rows.tableLabel', { name: dataset.name })}>
                    <thead>
                      <tr>
                        <th className={styles.number} scope="col">
                          {t('rows.number')}
                        </th>
                        {columns.map((name, column) => (
                          <th key={column} className={styles.cell} scope="col">
                            {name}
                          </th>
                        ))}
                        {editable ? <th className={styles.number}>{t('fields.actions')}</th> : null}
                      </tr>
                    </thead>
                    <tbody>
                      {shown.map((row, offset) => {
                        const index = first + offset;
                        return (
                          <tr key={index}>
                            <th className={styles.number} scope="row">
                              {number.format(index + 1)}
                            </th>
                            {row.map((cell, column) => {
                              const key = `rows.${index}.${column}`;
                              const text = cell === null ? '' : String(cell);
                              return (
                                <td key={column} className={styles.cell} data-label={columns[column] ?? ''}>
                                  {editable ? (
                                    <Input
                                      className={`${styles.input} ${fields[key] || fields[`rows.${index}`] ? styles.invalid : ''}`}
                                      aria-label={t('rows.cell', { row: index + 1, column: columns[column] ?? column + 1 })}
                                      aria-invalid={!!fields[key]}
                                      aria-description={fieldError(key)}
                                      value={text}
                                      onChange={(_, data) => rows.send({ type: 'cell.set', row: index, column, value: data.value })}
                                    />
                                  ) : (
                                    text
                                  )}
                                </td>
                              );
                            })}
                            {editable ? (
                              <td className={styles.cell}>
                                <Button appearance="subtle" icon={<DeleteRegular />} aria-label={t('rows.deleteRow', { number: index + 1 })} onClick={() => rows.send({ type: 'row.delete', row: index })} />
                              </td>
                            ) : null}
                          </tr>
                        );
                      })}
                    </tbody>
                  </table>
                </div>
                {draft.length === 0 ? <p className={styles.hint}>{t('rows.empty')}</p> : null}
                <Pager page={page} count={draft.length} labelKey="datasets:rows.page" onPage={(next) => rows.send({ type: 'rows.page', page: next })} />
                {editable ? (
                  <div className={styles.actions}>
                    <Button icon={<AddRegular />} onClick={() => rows.send({ type: 'row.add' })}>
                      {t('rows.addRow')}
                    </Button>
                  </div>
                ) : null}
                {fromUrl ? <p className={styles.hint}>{t('rows.urlHint')}</p> : null}
                {dirty ? <p className={styles.hint}>{t('rows.dirty')}</p> : null}
              </>
            ) : null}
          </DialogContent>
          <DialogActions>
            {canEdit && !fromUrl ? (
              <>
                <Button appearance="primary" disabled={!dirty || busy} onClick={() => rows.send({ type: 'rows.save' })}>
                  {t('rows.save')}
                </Button>
                <Button disabled={!dirty || busy} onClick={() => rows.send({ type: 'rows.discard' })}>
                  {t('rows.discard')}
                </Button>
              </>
            ) : null}
            <Button disabled={dirty || busy} onClick={onClose}>
              {t('rows.close')}
            </Button>
          </DialogActions>
        </DialogBody>
      </DialogSurface>
      <ConfirmDeleteDialog
        open={deleting !== null}
        busy={false}
        title={t('rows.deleteTitle', { number: (deleting ?? 0) + 1 })}
        text={t('rows.deleteText')}
        onConfirm={() => rows.send({ type: 'delete.confirm' })}
        onCancel={() => rows.send({ type: 'delete.cancel' })}
      />
    </Dialog>
  );
}
