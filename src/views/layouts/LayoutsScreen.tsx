import { useCallback, useEffect, useState } from 'react';
import { Button, Field, SearchBox, Select } from '@fluentui/react-components';
import { AddRegular } from '@fluentui/react-icons';
import { useActorRef, useSelector } from '@xstate/react';
import { useTranslation } from '../../i18n.ts';
import { useNavigate } from '../app/router.tsx';
import { layoutDeleteMachine } from '../../machines/layouts/layoutDelete.machine.ts';
import { layoutListMachine, type LayoutListParams } from '../../machines/layouts/layoutList.machine.ts';
import { LAYOUT_POSITIONS } from '../../machines/layouts/layoutTemplates.ts';
import type { Layout } from '../../services/layouts.service.ts';
import { PageHeader } from '../common/PageHeader.tsx';
import { useNotify } from '../common/notify.tsx';
import { useConfirmDelete } from '../common/useConfirmDelete.tsx';
import { useSearchBox } from '../common/useSearchBox.ts';
import { usePageTitle } from '../common/usePageTitle.ts';
import { useCan } from '../common/usePermission.ts';
import { Pager } from '../playlists/Pager.tsx';
import { LayoutDuplicateDialog } from './LayoutDuplicateDialog.tsx';
import { LayoutFormDialog } from './LayoutFormDialog.tsx';
import { LayoutList } from './LayoutList.tsx';
import { useLayoutsStyles } from './Layouts.styles.ts';

const refusalKey = (reason: string) => (reason === 'layout_in_use' ? 'errors.layout_in_use' : 'messages.removeError');

/** Layouts (issue 36): search, screen position filter, paging, a new layout from a template, duplicate, delete with the confirmation. */
export default function LayoutsScreen() {
  const { t } = useTranslation(['layouts', 'common', 'screens']);
  usePageTitle('screens:titles.layouts');
  const styles = useLayoutsStyles();
  const notify = useNotify();
  const navigate = useNavigate();
  const canEdit = useCan('playlists');
  const list = useActorRef(layoutListMachine);
  const params = useSelector(list, (s) => s.context.params);
  const count = useSelector(list, (s) => s.context.data?.count ?? 0);
  const load = useCallback((next: Partial<LayoutListParams>) => list.send({ type: 'fetch.load', params: { ...list.getSnapshot().context.params, ...next } }), [list]);
  const reload = useCallback(() => list.send({ type: 'fetch.load' }), [list]);
  const remove = useConfirmDelete(layoutDeleteMachine, 'layouts', reload, refusalKey);
  const [creating, setCreating] = useState(false);
  const [copying, setCopying] = useState<Layout | null>(null);
  const search = useSearchBox((search) => load({ page: 1, search }));

  useEffect(() => list.send({ type: 'fetch.load', params: { page: 1 } }), [list]);

  return (
    <section>
      <PageHeader
        title={t('screens:titles.layouts')}
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
        <Field label={t('filters.position')} className={styles.filter}>
          <Select value={params.screen_position ?? ''} onChange={(_, data) => load({ page: 1, screen_position: (data.value || undefined) as LayoutListParams['screen_position'] })}>
            <option value="">{t('filters.any')}</option>
            {LAYOUT_POSITIONS.map((p) => (
              <option key={p} value={p}>
                {t(`positions.${p}`)}
              </option>
            ))}
          </Select>
        </Field>
      </div>
      <LayoutList
        list={list}
        filtered={!!(params.search || params.screen_position)}
        onDuplicate={canEdit ? setCopying : undefined}
        onDelete={canEdit ? (layout) => remove.ask(layout.id, layout.name) : undefined}
        onRetry={reload}
      />
      <Pager page={params.page} count={count} labelKey="layouts:list.page" onPage={(page) => load({ page })} />
      {creating ? (
        <LayoutFormDialog
          onSaved={(saved) => {
            notify(t('messages.created'), 'success');
            navigate(`/layouts/${saved.id}`);
          }}
          onClose={() => setCreating(false)}
        />
      ) : null}
      {copying ? (
        <LayoutDuplicateDialog
          layout={copying}
          onSaved={() => {
            notify(t('messages.duplicated'), 'success');
            reload();
          }}
          onClose={() => setCopying(null)}
        />
      ) : null}
      {remove.dialog}
    </section>
  );
}
