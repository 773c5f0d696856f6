import { Button } from '@fluentui/react-components';
import { DeleteRegular, EditRegular } from '@fluentui/react-icons';
import { useSelector } from '@xstate/react';
import { useTranslation } from '../../i18n.ts';
import type { ActorRefFrom } from 'xstate';
import { selectError, selectFetchStatus } from '../../machines/fetchStatus.selectors.ts';
import type { playlistListMachine } from '../../machines/playlists/playlistList.machine.ts';
import type { Playlist } from '../../services/schemas/playlists.ts';
import { Loading } from '../common/Loading.tsx';
import { ResponsiveList } from '../common/ResponsiveList.tsx';
import { RouterLink } from '../common/RouterLink.tsx';
import { CommitBadge } from './CommitBadge.tsx';
import { clock, playlistErrorKey } from './format.ts';
import { usePlaylistsStyles } from './Playlists.styles.ts';

export type PlaylistListActor = ActorRefFrom<typeof playlistListMachine>;

interface Props {
  list: PlaylistListActor;
  filtered: boolean;
  /** Without them (view rights only) the rows have no actions. */
  onEdit?: (playlist: Playlist) => void;
  onDelete?: (playlist: Playlist) => void;
  onRetry: () => void;
}

/** The page of playlists (ResponsiveList: a table on wide screens, stacked cards below the sm breakpoint). */
export function PlaylistList({ list, filtered, onEdit, onDelete, onRetry }: Props) {
  const { t } = useTranslation(['playlists', 'common']);
  const styles = usePlaylistsStyles();
  const status = useSelector(list, selectFetchStatus);
  const page = useSelector(list, (s) => s.context.data);
  const error = useSelector(list, selectError);

  if (status === 'initial' || status === 'loading') return <Loading />;
  if (status === 'error') {
    return (
      <div className={styles.error} role="alert">
        {t(playlistErrorKey(error))}
        <Button onClick={onRetry}>{t('actions.retry')}</Button>
      </div>
    );
  }
  if (!page || page.results.length === 0) return <p className={styles.message}>{filtered ? t('list.noMatch') : t('list.empty')}</p>;

  const actions = (playlist: Playlist) => (
    <div className={styles.actions}>
      <Button appearance="subtle" size="small" icon={<EditRegular />} aria-label={t('actions.editNamed', { name: playlist.name })} onClick={() => onEdit?.(playlist)} />
      <Button appearance="subtle" size="small" icon={<DeleteRegular />} aria-label={t('actions.deleteNamed', { name: playlist.name })} onClick={() => onDelete?.(playlist)} />
    </div>
  );

  return (
    <div aria-busy={status === 'updating'}>
      <ResponsiveList
        label={t('list.label')}
        rows={page.results}
        rowKey={(playlist) => playlist.id}
        title={{ id: 'name', header: t('fields.name'), wrap: 'anywhere', cell: (playlist) => <RouterLink to={`/playlists/${playlist.id}`}>{playlist.name}</RouterLink> }}
        columns={[
          { id: 'position', header: t('fields.screen_position'), cell: (playlist) => t(`positions.${playlist.screen_position}`) },
          { id: 'tracks', header: t('fields.tracks'), wrap: 'nowrap', cell: (playlist) => t('list.tracks', { count: playlist.tracks_count }) },
          { id: 'duration', header: t('fields.duration'), wrap: 'nowrap', cell: (playlist) => clock(playlist.duration) },
          { id: 'committed', header: t('fields.committed'), wrap: 'nowrap', cell: (playlist) => <CommitBadge playlist={playlist} /> },
        ]}
        actions={onEdit && onDelete ? { header: t('fields.actions'), cell: actions } : undefined}
      />
    </div>
  );
}
