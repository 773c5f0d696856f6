import { useEffect } from 'react';
import { Button, SearchBox } from '@fluentui/react-components';
import { useActorRef, useSelector } from '@xstate/react';
import { useTranslation } from '../../i18n.ts';
import { trackListMachine } from '../../machines/playlists/playlistList.machine.ts';
import { Loading } from '../common/Loading.tsx';
import { PageHeader } from '../common/PageHeader.tsx';
import { ResponsiveList } from '../common/ResponsiveList.tsx';
import { RouterLink } from '../common/RouterLink.tsx';
import { useSearchBox } from '../common/useSearchBox.ts';
import { usePageTitle } from '../common/usePageTitle.ts';
import { clock, playlistErrorKey } from '../playlists/format.ts';
import { Pager } from '../playlists/Pager.tsx';
import { usePlaylistsStyles } from '../playlists/Playlists.styles.ts';


/** Every track across playlists (playlist, media, position, duration), searchable; each links to its playlist. */
export default function TracksScreen() {
  const { t } = useTranslation(['playlists', 'common', 'screens']);
  usePageTitle('screens:titles.tracks');
  const styles = usePlaylistsStyles();
  const list = useActorRef(trackListMachine);
  const status = useSelector(list, (s) => s.value);
  const page = useSelector(list, (s) => s.context.data);
  const params = useSelector(list, (s) => s.context.params);
  const error = useSelector(list, (s) => s.context.error);
  const search = useSearchBox((search) => list.send({ type: 'fetch.load', params: { page: 1, search } }));

  useEffect(() => list.send({ type: 'fetch.load', params: { page: 1 } }), [list]);

  let body;
  if (status === 'initial' || status === 'loading') body = <Loading />;
  else if (status === 'error') {
    body = (
      <div role="alert" className={styles.error}>
        {`${t('tracks.loadError')}: ${t(playlistErrorKey(error))}`}
        <Button onClick={() => list.send({ type: 'fetch.load' })}>{t('actions.retry')}</Button>
      </div>
    );
  } else if (!page || page.results.length === 0) body = <p className={styles.message}>{params.search ? t('tracks.noMatch') : t('tracks.empty')}</p>;
  else {
    body = (
      <ResponsiveList
        label={t('tracks.label')}
        rows={page.results}
        rowKey={(track) => track.id}
        title={{ id: 'media', header: t('fields.media'), wrap: 'anywhere', cell: (track) => track.media_name }}
        columns={[
          { id: 'playlist', header: t('fields.playlist'), wrap: 'anywhere', cell: (track) => <RouterLink to={`/playlists/${track.playlist}`}>{track.playlist_name}</RouterLink> },
          { id: 'position', header: t('fields.position'), wrap: 'nowrap', cell: (track) => track.position },
          { id: 'duration', header: t('fields.duration'), wrap: 'nowrap', cell: (track) => clock(track.duration) },
        ]}
      />
    );
  }

  return (
    <section>
      <PageHeader title={t('screens:titles.tracks')} />
      <div className={styles.toolbar}>
        <SearchBox
          className={styles.search}
          value={search.text}
          onChange={(_, data) => search.type(data.value)}
          placeholder={t('tracks.searchPlaceholder')}
          aria-label={t('tracks.searchLabel')}
        />
      </div>
      <div aria-busy={status === 'updating'}>{body}</div>
      <Pager page={params.page} count={page?.count ?? 0} labelKey="tracks.page" onPage={(next) => list.send({ type: 'fetch.load', params: { ...params, page: next } })} />
    </section>
  );
}
