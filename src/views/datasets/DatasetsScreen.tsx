import { Suspense, useCallback, useEffect, useState, type ComponentProps } from 'react';
import { Button, SearchBox } from '@fluentui/react-components';
import { AddRegular } from '@fluentui/react-icons';
import { useActorRef, useSelector } from '@xstate/react';
import { useTranslation } from '../../i18n.ts';
import { datasetDeleteMachine } from '../../machines/datasets/datasetDelete.machine.ts';
import { datasetListMachine, type DatasetListParams } from '../../machines/datasets/datasetList.machine.ts';
import { PageHeader } from '../common/PageHeader.tsx';
import { useNotify } from '../common/notify.tsx';
import { useConfirmDelete } from '../common/useConfirmDelete.tsx';
import { useSearchBox } from '../common/useSearchBox.ts';
import { usePageTitle } from '../common/usePageTitle.ts';
import { useCan } from '../common/usePermission.ts';
import { lazyScreen } from '../common/lazyScreen.ts';
import { Pager } from '../playlists/Pager.tsx';
import { DatasetFormDialog } from './DatasetFormDialog.tsx';
import { DatasetList } from './DatasetList.tsx';
import type { DatasetRowsDialog as DatasetRowsDialogNow } from './DatasetRowsDialog.tsx';
import { useDatasetsStyles } from './Datasets.styles.ts';

// A dataset's rows load with the dialog that edits them, in a chunk of their own: the list does without them.
const DatasetRowsDialog = lazyScreen<ComponentProps<typeof DatasetRowsDialogNow>>(() => import('./DatasetRowsDialog.tsx').then((m) => ({ default: m.DatasetRowsDialog })));

const refusalKey = (reason: string) => (reason === 'dataset_in_use' ? 'errors.dataset_in_use' : 'messages.removeError');

/** Datasets (issue 38): the tables a layout's data table and ticker widgets show; search, paging, add from a file or a URL, delete with the confirmation. */
export default function DatasetsScreen() {
  const { t } = useTranslation(['datasets', 'common', 'screens']);
  usePageTitle('screens:titles.datasets');
  const styles = useDatasetsStyles();
  const notify = useNotify();
  const canEdit = useCan('media');
  const list = useActorRef(datasetListMachine);
  const params = useSelector(list, (s) => s.context.params);
  const count = useSelector(list, (s) => s.context.data?.count ?? 0);
  const load = useCallback((next: Partial<DatasetListParams>) => list.send({ type: 'fetch.load', params: { ...list.getSnapshot().context.params, ...next } }), [list]);
  const reload = useCallback(() => list.send({ type: 'fetch.load' }), [list]);
  const remove = useConfirmDelete(datasetDeleteMachine, 'datasets', reload, refusalKey);
  const [creating, setCreating] = useState(false);
  const [opened, setOpened] = useState<number | null>(null);
  const search = useSearchBox((search) => load({ page: 1, search }));

  useEffect(() => list.send({ type: 'fetch.load', params: { page: 1 } }), [list]);

  return (
    <section>
      <PageHeader
        title={t('screens:titles.datasets')}
        actions={
          canEdit ? (
            <Button appearance="primary" icon={<AddRegular />} onClick={() => setCreating(true)}>
              {t('actions.add')}
            </Button>
          ) : null
        }
      />
      <div className={styles.toolbar}>
        <SearchBox
          className={styles.search}
          value={search.text}
          onChange={(_, data) => search.type(data.value)}
          placeholder={t('filters.searchPlaceholder')}
          aria-label={t('filters.searchLabel')}
        />
      </div>
      <DatasetList list={list} filtered={!!params.search} onDelete={canEdit ? (dataset) => remove.ask(dataset.id, dataset.name) : undefined} onOpen={(dataset) => setOpened(dataset.id)} onRetry={reload} />
      <Pager page={params.page} count={count} labelKey="datasets:list.page" onPage={(page) => load({ page })} />
      {creating ? (
        <DatasetFormDialog
          onSaved={(saved) => {
            notify(t('messages.created', { name: saved.name, count: saved.row_count }), 'success');
            reload();
          }}
          onClose={() => setCreating(false)}
        />
      ) : null}
      {opened !== null ? (
        <Suspense fallback={null}>
          <DatasetRowsDialog key={opened} datasetId={opened} canEdit={canEdit} onSaved={reload} onClose={() => setOpened(null)} />
        </Suspense>
      ) : null}
      {remove.dialog}
    </section>
  );
}
