import { Badge, Button, Spinner } from '@fluentui/react-components';
import { EditRegular } from '@fluentui/react-icons';
import { useSelector } from '@xstate/react';
import { useTranslation } from '../../i18n.ts';
import type { ActorRefFrom } from 'xstate';
import type { directoryMachine } from '../../machines/directory.machine.ts';
import { selectQueries, selectTogglingId } from '../../machines/directory.selectors.ts';
import { ResponsiveList } from '../common/ResponsiveList.tsx';
import { useDirectoryStyles } from './Directory.styles.ts';

export type DirectoryActor = ActorRefFrom<typeof directoryMachine>;

/** Name, value, type, status and action (edit, activate / deactivate) of every query. */
export function DirectoryTable({ directory }: { directory: DirectoryActor }) {
  const { t } = useTranslation('directory');
  const styles = useDirectoryStyles();
  const queries = useSelector(directory, selectQueries);
  const togglingId = useSelector(directory, selectTogglingId);
  const idle = useSelector(directory, (s) => s.matches({ ready: 'idle' }));
  if (queries.length === 0) return <p className={styles.message}>{t('list.empty')}</p>;
  return (
    <ResponsiveList
      label={t('list.label')}
      rows={queries}
      rowKey={(query) => query.id}
      title={{ id: 'name', header: t('fields.name'), cell: (query) => query.name, wrap: 'anywhere' }}
      columns={[
        { id: 'value', header: t('fields.value'), cell: (query) => query.value, className: styles.value },
        { id: 'type', header: t('fields.type'), cell: (query) => t(`types.${query.type}`) },
        { id: 'target', header: t('fields.target'), cell: (query) => `${t(`deviceTypes.${query.device}`)} · ${t(`screens.${query.screen}`)}` },
        {
          id: 'status',
          header: t('fields.status'),
          cell: (query) => (
            <Badge appearance="tint" color={query.active ? 'success' : 'subtle'}>
              {t(query.active ? 'status.active' : 'status.inactive')}
            </Badge>
          ),
        },
      ]}
      actions={{
        header: t('fields.action'),
        cell: (query) => (
          <div className={styles.actions}>
            <Button
              size="small"
              icon={<EditRegular />}
              disabled={!idle}
              aria-label={t('actions.editNamed', { name: query.name })}
              onClick={() => directory.send({ type: 'directory.edit', id: query.id })}
            />
            <Button
              size="small"
              disabled={!idle}
              icon={togglingId === query.id ? <Spinner size="tiny" /> : undefined}
              aria-label={t(query.active ? 'actions.deactivateNamed' : 'actions.activateNamed', { name: query.name })}
              onClick={() => directory.send({ type: 'directory.toggle', id: query.id })}
            >
              {t(query.active ? 'actions.deactivate' : 'actions.activate')}
            </Button>
          </div>
        ),
      }}
    />
  );
}
