import { Button } from '@fluentui/react-components';
import { DeleteRegular, EditRegular } from '@fluentui/react-icons';
import { useSelector } from '@xstate/react';
import { useTranslation } from '../../i18n.ts';
import type { ActorRefFrom } from 'xstate';
import type { datasetListMachine } from '../../machines/datasets/datasetList.machine.ts';
import { selectError, selectFetchStatus } from '../../machines/fetchStatus.selectors.ts';
import type { DatasetSummary } from '../../services/datasets.service.ts';
import { formatDateTime } from '../common/dateTime.ts';
import { Loading } from '../common/Loading.tsx';
import { ResponsiveList } from '../common/ResponsiveList.tsx';
import { datasetErrorKey } from './format.ts';
import { useDatasetsStyles } from './Datasets.styles.ts';

interface Props {
  list: ActorRefFrom<typeof datasetListMachine>;
  filtered: boolean;
  /** Without it (view rights only) the rows have no delete. */
  onDelete?: (dataset: DatasetSummary) => void;
  /** Opens a dataset's rows (viewed, or edited with the edit right). */
  onOpen: (dataset: DatasetSummary) => void;
  onRetry: () => void;
}

/** The page of datasets (a table on wide screens, stacked cards below the sm breakpoint). */
export function DatasetList({ list, filtered, onDelete, onOpen, onRetry }: Props) {
  const { t, i18n } = useTranslation(['datasets', 'common']);
  const styles = useDatasetsStyles();
  const status = useSelector(list, selectFetchStatus);
  const page = useSelector(list, (s) => s.context.data);
  const error = useSelector(list, selectError);
  const number = new Intl.NumberFormat(i18n.language);

  if (status === 'initial' || status === 'loading') return <Loading />;
  if (status === 'error') {
    return (
      <div className={styles.error} role="alert">
        {t(datasetErrorKey(error))}
        <Button onClick={onRetry}>{t('actions.retry')}</Button>
      </div>
    );
  }
  if (!page || page.results.length === 0) return <p className={styles.message}>{filtered ? t('list.noMatch') : t('list.empty')}</p>;

  const source = (dataset: DatasetSummary) => {
    if (!dataset.source) return dataset.file_name ? t('list.fromFile', { name: dataset.file_name }) : t('list.edited');
    const { url, format, refresh_minutes: minutes, failed_since: failing, error: reason, fetched_at: fetched } = dataset.source;
    return (
      <span className={styles.source}>
        {t('list.fromUrl', { url, format: t(`formats.${format}`), count: minutes })}
        <br />
        {failing ? (
          <span className={styles.failing}>{t('list.failing', { since: formatDateTime(failing, i18n.language, ''), reason })}</span>
        ) : (
          t('list.fetched', { at: formatDateTime(fetched, i18n.language, t('list.never')) })
        )}
      </span>
    );
  };

  return (
    <div aria-busy={status === 'updating'}>
      <ResponsiveList
        label={t('list.label')}
        rows={page.results}
        rowKey={(dataset) => dataset.id}
        title={{ id: 'name', header: t('fields.name'), wrap: 'anywhere', cell: (dataset) => dataset.name }}
        columns={[
          { id: 'rows', header: t('fields.rows'), wrap: 'nowrap', cell: (dataset) => t('list.rows', { count: dataset.row_count, formatted: number.format(dataset.row_count) }) },
          { id: 'columns', header: t('fields.columns'), wrap: 'anywhere', cell: (dataset) => dataset.columns.map((column) => column.name).join(', ') },
          { id: 'source', header: t('fields.source'), wrap: 'anywhere', cell: source },
          { id: 'version', header: t('fields.version'), wrap: 'nowrap', cell: (dataset) => number.format(dataset.version) },
        ]}
        actions={{
          header: t('fields.actions'),
          cell: (dataset) => (
            <div className={styles.actions}>
              <Button appearance="subtle" size="small" icon={<EditRegular />} aria-label={t('actions.rowsNamed', { name: dataset.name })} onClick={() => onOpen(dataset)} />
              {onDelete ? <Button appearance="subtle" size="small" icon={<DeleteRegular />} aria-label={t('actions.deleteNamed', { name: dataset.name })} onClick={() => onDelete(dataset)} /> : null}
            </div>
          ),
        }}
      />
    </div>
  );
}
