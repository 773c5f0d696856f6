import { Badge, Button, Spinner, Table, TableBody, TableCell, TableHeader, TableHeaderCell, TableRow } from '@fluentui/react-components';
import { EditRegular } from '@fluentui/react-icons';
import { useSelector } from '@xstate/react';
import { useTranslation } from 'react-i18next';
import type { ActorRefFrom } from 'xstate';
import type { directoryMachine } from '../../machines/directory.machine.ts';
import { selectQueries, selectTogglingId } from '../../machines/directory.selectors.ts';
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
    <div className={styles.tableScroller}>
      <Table className={styles.table} aria-label={t('list.label')} size="small">
        <TableHeader>
          <TableRow>
            <TableHeaderCell>{t('fields.name')}</TableHeaderCell>
            <TableHeaderCell>{t('fields.value')}</TableHeaderCell>
            <TableHeaderCell>{t('fields.type')}</TableHeaderCell>
            <TableHeaderCell>{t('fields.target')}</TableHeaderCell>
            <TableHeaderCell>{t('fields.status')}</TableHeaderCell>
            <TableHeaderCell>{t('fields.action')}</TableHeaderCell>
          </TableRow>
        </TableHeader>
        <TableBody>
          {queries.map((query) => (
            <TableRow key={query.id}>
              <TableCell>{query.name}</TableCell>
              <TableCell className={styles.value}>{query.value}</TableCell>
              <TableCell>{t(`types.${query.type}`)}</TableCell>
              <TableCell>{`${t(`deviceTypes.${query.device}`)} · ${t(`screens.${query.screen}`)}`}</TableCell>
              <TableCell>
                <Badge appearance="tint" color={query.active ? 'success' : 'subtle'}>
                  {t(query.active ? 'status.active' : 'status.inactive')}
                </Badge>
              </TableCell>
              <TableCell>
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
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </div>
  );
}
