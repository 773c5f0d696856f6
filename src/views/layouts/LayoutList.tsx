import { Button } from '@fluentui/react-components';
import { CopyRegular, DeleteRegular } from '@fluentui/react-icons';
import { useSelector } from '@xstate/react';
import { useTranslation } from '../../i18n.ts';
import type { ActorRefFrom } from 'xstate';
import { selectError, selectFetchStatus } from '../../machines/fetchStatus.selectors.ts';
import type { layoutListMachine } from '../../machines/layouts/layoutList.machine.ts';
import type { Layout } from '../../services/layouts.service.ts';
import { Loading } from '../common/Loading.tsx';
import { ResponsiveList } from '../common/ResponsiveList.tsx';
import { RouterLink } from '../common/RouterLink.tsx';
import { CommitBadge } from '../playlists/CommitBadge.tsx';
import { layoutErrorKey } from './format.ts';
import { useLayoutsStyles } from './Layouts.styles.ts';

interface Props {
  list: ActorRefFrom<typeof layoutListMachine>;
  filtered: boolean;
  /** Without them (view rights only) the rows have no actions. */
  onDuplicate?: (layout: Layout) => void;
  onDelete?: (layout: Layout) => void;
  onRetry: () => void;
}

/** The page of layouts (a table on wide screens, stacked cards below the sm breakpoint). */
export function LayoutList({ list, filtered, onDuplicate, onDelete, onRetry }: Props) {
  const { t, i18n } = useTranslation(['layouts', 'common']);
  const styles = useLayoutsStyles();
  const status = useSelector(list, selectFetchStatus);
  const page = useSelector(list, (s) => s.context.data);
  const error = useSelector(list, selectError);
  const number = new Intl.NumberFormat(i18n.language);

  if (status === 'initial' || status === 'loading') return <Loading />;
  if (status === 'error') {
    return (
      <div className={styles.error} role="alert">
        {t(layoutErrorKey(error))}
        <Button onClick={onRetry}>{t('actions.retry')}</Button>
      </div>
    );
  }
  if (!page || page.results.length === 0) return <p className={styles.message}>{filtered ? t('list.noMatch') : t('list.empty')}</p>;

  const actions = (layout: Layout) => (
    <div className={styles.actions}>
      <Button appearance="subtle" size="small" icon={<CopyRegular />} aria-label={t('actions.duplicateNamed', { name: layout.name })} onClick={() => onDuplicate?.(layout)} />
      <Button appearance="subtle" size="small" icon={<DeleteRegular />} aria-label={t('actions.deleteNamed', { name: layout.name })} onClick={() => onDelete?.(layout)} />
    </div>
  );

  return (
    <div aria-busy={status === 'updating'}>
      <ResponsiveList
        label={t('list.label')}
        rows={page.results}
        rowKey={(layout) => layout.id}
        title={{ id: 'name', header: t('fields.name'), wrap: 'anywhere', cell: (layout) => <RouterLink to={`/layouts/${layout.id}`}>{layout.name}</RouterLink> }}
        columns={[
          { id: 'position', header: t('fields.screen_position'), cell: (layout) => t(`positions.${layout.screen_position}`) },
          { id: 'size', header: t('fields.size'), wrap: 'nowrap', cell: (layout) => t('list.size', { width: number.format(layout.width), height: number.format(layout.height) }) },
          { id: 'zones', header: t('fields.zones'), wrap: 'nowrap', cell: (layout) => t('list.zones', { count: layout.zones.length }) },
          { id: 'committed', header: t('fields.committed'), wrap: 'nowrap', cell: (layout) => <CommitBadge playlist={layout} /> },
        ]}
        actions={onDuplicate && onDelete ? { header: t('fields.actions'), cell: actions } : undefined}
      />
    </div>
  );
}
